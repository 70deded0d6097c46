//! `cardlang completions SHELL` (the shell's completion script) and `cardlang manpage [COMMAND]`
//! (a man page in roff), both made by clap's own generators from the one definition of the
//! command line, so they never fall behind it.

use std::io::Write;

use clap::CommandFactory;

use super::{stdout_failed, Cli, Failure};

/// Prints the completion script of `shell` for `cardlang`.
pub(super) fn completions(shell: clap_complete::Shell) -> Result<(), Failure> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "cardlang", &mut out);
    write_out(&out);
    Ok(())
}

/// Prints the man page of `cardlang`, or of one of its commands (`cardlang-play(1)`).
pub(super) fn manpage(command: Option<&str>) -> Result<(), Failure> {
    let mut top = Cli::command();
    top.build();
    let (page, title) = match command {
        None => (top, "cardlang".to_string()),
        Some(name) => {
            let Some(sub) = top.find_subcommand(name).cloned() else {
                let names: Vec<String> = top.get_subcommands().map(|c| c.get_name().to_string()).collect();
                return Err(Failure {
                    message: format!(
                        "error: cardlang has no command `{}`\n  help: the commands are {}",
                        super::cut(name, 60),
                        names.join(", ")
                    ),
                    code: 2,
                });
            };
            let title = format!("cardlang-{}", sub.get_name());
            (sub, title)
        }
    };
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(page).title(title).render(&mut out) {
        return Err(Failure { message: format!("error: cannot make the man page: {e}"), code: 1 });
    }
    write_out(&out);
    Ok(())
}

/// Writes bytes to standard output (a closed pipe or a full disk as `stdout_failed` says).
fn write_out(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        stdout_failed(&e);
    }
}
