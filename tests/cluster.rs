//! `docs/scripts/slurm_sweep.sh` on a real Slurm: a one-node cluster on this machine (Debian's
//! `slurm-wlm` and `munge`, started here with their own configuration, key, ports and folders)
//! runs the sweep as a job array and the merge as a job that waits for it; the merged report is
//! byte for byte the report of one `simulate` run. A task played again alone, as the script's
//! comment says, merges to the same report. `.ci/run` installs Slurm; where it is missing, or
//! cannot start (it needs root), the test says so on standard error and checks nothing.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const CARDLANG: &str = env!("CARGO_BIN_EXE_cardlang");
/// The game and settings of the sweep: two kinds of player, so every shard plays real choices.
const GAME: &str = "games/crazy_eights.cardgame";
const SETTINGS: [&str; 4] = ["--seed", "5", "--players", "greedy,random"];
const GAMES: &str = "1200";
const SHARDS: usize = 4;

/// The programs the cluster needs, with where each was found.
struct Programs {
    munged: PathBuf,
    mungekey: PathBuf,
    slurmctld: PathBuf,
    slurmd: PathBuf,
}

/// Finds a program on PATH or in the system folders a user's PATH may leave out.
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/local/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Slurm's daemons and the clients the test calls, or the first one missing.
fn programs() -> Result<Programs, String> {
    for client in ["sbatch", "squeue", "scontrol", "scancel", "sinfo"] {
        program(client).ok_or(format!("no {client}"))?;
    }
    let find = |name: &str| program(name).ok_or(format!("no {name}"));
    Ok(Programs {
        munged: find("munged")?,
        mungekey: find("mungekey")?,
        slurmctld: find("slurmctld")?,
        slurmd: find("slurmd")?,
    })
}

/// Two different TCP ports nobody listens on now (both held open until both are known).
fn free_ports() -> Result<(u16, u16), String> {
    let open = || TcpListener::bind("0.0.0.0:0").map_err(|e| format!("no free port: {e}"));
    let (a, b) = (open()?, open()?);
    let port = |l: &TcpListener| l.local_addr().map(|a| a.port()).map_err(|e| format!("no free port: {e}"));
    Ok((port(&a)?, port(&b)?))
}

/// This machine's short host name, the name slurmctld and slurmd look for in slurm.conf.
fn host_name() -> Result<String, String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| Command::new("hostname").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()))
        .unwrap_or_default();
    let short = name.trim().split('.').next().unwrap_or_default().to_string();
    if short.is_empty() {
        Err("the host name is unknown".into())
    } else {
        Ok(short)
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Waits for `done` to hold, checking every 200 ms, for at most `limit`; whether it held.
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        if done() {
            return true;
        }
        if start.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The last `lines` lines of a file, for a message.
fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| format!("({} unreadable: {e})", path.display()));
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// A one-node Slurm cluster and its munge daemon, in a folder of their own. Dropping it cancels
/// every job and stops the daemons (also when the test fails), then removes the folder unless
/// the test failed.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Writes the configuration and the munge key, and starts munged, slurmctld and slurmd; the
    /// reason when it cannot.
    fn start(programs: &Programs) -> Result<Cluster, String> {
        // Short, as munge's socket path must be (at most 108 bytes).
        let dir = std::env::temp_dir().join(format!("cardlang-cluster-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["munge", "state", "spool", "log", "work/sweep"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        let mut cluster = Cluster { conf: dir.join("slurm.conf"), dir, daemons: Vec::new() };
        let d = cluster.dir.clone();
        let key = d.join("munge/munge.key");
        let made = Command::new(&programs.mungekey).arg("--create").arg("--keyfile").arg(&key).output();
        if !made.as_ref().is_ok_and(|o| o.status.success()) {
            return Err(format!("mungekey could not make a key: {made:?}"));
        }
        let socket = d.join("munge/munge.socket");
        let mut munged = Command::new(&programs.munged);
        munged
            .args(["--foreground", "--force", "--num-threads=4"])
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!("--pid-file={}", d.join("munge/munged.pid").display()))
            .arg(format!("--log-file={}", d.join("log/munged.log").display()))
            .arg(format!("--seed-file={}", d.join("munge/munged.seed").display()));
        cluster.spawn("munged", &mut munged)?;
        if !wait_for(Duration::from_secs(10), || socket.exists()) {
            return Err(format!("munged did not start:\n{}", tail(&d.join("log/munged.log"), 10)));
        }

        let host = host_name()?;
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (ctld_port, slurmd_port) = free_ports()?;
        std::fs::write(&cluster.conf, slurm_conf(&d, &host, cpus, &socket, ctld_port, slurmd_port))
            .map_err(|e| format!("cannot write slurm.conf: {e}"))?;
        let conf = cluster.conf.clone();
        cluster.spawn("slurmctld", Command::new(&programs.slurmctld).arg("-D").arg("-f").arg(&conf))?;
        cluster.spawn("slurmd", Command::new(&programs.slurmd).arg("-D").arg("-f").arg(&conf).args(["-N", &host]))?;
        // The node is ready once it has registered and is idle.
        let mut state = String::new();
        if !wait_for(Duration::from_secs(30), || {
            state = cluster.client("sinfo", &["-h", "-N", "-o", "%T"]).map(|o| stdout(&o)).unwrap_or_default();
            state.trim() == "idle"
        }) {
            return Err(format!(
                "the node is not idle after 30 s (sinfo says {:?}); slurmctld's log ends:\n{}\nslurmd's:\n{}",
                state.trim(),
                tail(&d.join("log/slurmctld.log"), 10),
                tail(&d.join("log/slurmd.log"), 10)
            ));
        }
        Ok(cluster)
    }

    /// Starts one daemon, in the foreground, its output in the log folder.
    fn spawn(&mut self, name: &'static str, command: &mut Command) -> Result<(), String> {
        let log = std::fs::File::create(self.dir.join(format!("log/{name}.out"))).map_err(|e| e.to_string())?;
        let err = log.try_clone().map_err(|e| e.to_string())?;
        let child = command
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("{name} does not start: {e}"))?;
        self.daemons.push((name, child));
        Ok(())
    }

    /// Runs a Slurm client command against this cluster, for at most 30 s, in the work folder.
    fn client(&self, name: &str, args: &[&str]) -> std::io::Result<Output> {
        self.client_with(name, args, &[])
    }

    /// As `client`, with more environment variables (sbatch passes them on to the job).
    fn client_with(&self, name: &str, args: &[&str], env: &[(&str, &str)]) -> std::io::Result<Output> {
        let mut command = Command::new("timeout");
        command.arg("30").arg(name).args(args).current_dir(self.dir.join("work")).env("SLURM_CONF", &self.conf);
        command.env_remove("SHARDS").envs(env.iter().copied());
        command.output()
    }

    /// Submits a batch job (sbatch --parsable): its id.
    fn submit(&self, args: &[&str], env: &[(&str, &str)]) -> String {
        let out = self.client_with("sbatch", &[&["--parsable"], args].concat(), env).expect("sbatch runs");
        assert!(out.status.success(), "sbatch {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        stdout(&out).trim().split(';').next().unwrap_or_default().to_string()
    }

    /// Waits (at most `limit`) until none of these jobs is queued or running.
    fn wait_until_done(&self, jobs: &[&str], limit: Duration) {
        let ids = jobs.join(",");
        let mut queue = String::new();
        let done = wait_for(limit, || {
            let out = self.client("squeue", &["-h", "-j", &ids, "-o", "%i %T %r"]);
            // squeue fails for ids it no longer knows, which also means they are done.
            queue = out.map(|o| stdout(&o)).unwrap_or_default();
            queue.trim().is_empty()
        });
        assert!(done, "jobs {ids} still queued after {limit:?}:\n{queue}\n{}", self.logs());
    }

    /// The state of each task of a job (array tasks are listed one by one): "COMPLETED", ...
    fn states(&self, job: &str) -> Vec<String> {
        let out = self.client("scontrol", &["show", "job", "-o", job]).expect("scontrol runs");
        stdout(&out)
            .lines()
            .filter_map(|l| l.split_whitespace().find_map(|f| f.strip_prefix("JobState=")).map(str::to_string))
            .collect()
    }

    /// The daemons' logs and the tasks' output, for a failure's message.
    fn logs(&self) -> String {
        let mut text = String::new();
        for name in ["slurmctld.log", "slurmd.log"] {
            text += &format!("── {name}\n{}\n", tail(&self.dir.join("log").join(name), 15));
        }
        let mut tasks: Vec<_> = std::fs::read_dir(self.dir.join("work/sweep"))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        tasks.sort();
        for log in tasks.iter().filter(|p| p.extension().is_some_and(|e| e == "log")) {
            text += &format!("── {}\n{}\n", log.display(), tail(log, 10));
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if self.daemons.len() == 3 {
            // Jobs first: slurmd leaves running tasks behind when it stops.
            let _ = self.client("scancel", &["--user=root"]);
            let _ = wait_for(Duration::from_secs(10), || {
                self.client("squeue", &["-h"]).is_ok_and(|o| o.status.success() && stdout(&o).trim().is_empty())
            });
        }
        // The daemons in reverse order of their start, each asked to stop, then killed.
        while let Some((_, mut child)) = self.daemons.pop() {
            let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
            if !wait_for(Duration::from_secs(10), || child.try_wait().is_ok_and(|s| s.is_some())) {
                let _ = child.kill();
            }
            let _ = child.wait();
        }
        if std::thread::panicking() {
            eprintln!("the cluster's folder is kept for a look: {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One node with this machine's CPUs, no accounting database, every file in `dir`.
fn slurm_conf(dir: &Path, host: &str, cpus: usize, munge: &Path, ctld_port: u16, slurmd_port: u16) -> String {
    let d = dir.display();
    format!(
        "ClusterName=cardlangtest
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={munge}
CredType=cred/munge
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/log/slurmctld.log
SlurmdLogFile={d}/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=kill_invalid_depend
ReturnToService=2
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN
PartitionName=sweep Nodes=ALL Default=YES MaxTime=INFINITE State=UP
",
        munge = munge.display()
    )
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `cardlang simulate` of the whole sweep in one process, in a folder of its own: its JSON, and
/// its text and HTML report written as the merge job writes them (the text names the page).
fn one_run(dir: &Path) -> (String, String, String) {
    std::fs::create_dir_all(dir.join("sweep")).expect("a folder for the one run");
    let game = Path::new(ROOT).join(GAME);
    let run = |extra: &[&str]| {
        let out = Command::new(CARDLANG)
            .arg("simulate")
            .arg(&game)
            .args(["-n", GAMES])
            .args(SETTINGS)
            .args(extra)
            .current_dir(dir)
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "simulate failed: {}", String::from_utf8_lossy(&out.stderr));
        stdout(&out)
    };
    let json = run(&["--json"]);
    let text = run(&["--report", "sweep/report.html"]);
    (json, text, read(&dir.join("sweep/report.html")))
}

#[test]
fn a_slurm_job_array_of_shards_merges_to_one_simulate_run_byte_for_byte() {
    let programs = match programs() {
        Ok(p) => p,
        Err(why) => {
            crate::common::skipped(&format!(
                "skipped: Slurm is not installed ({why}; apt-get install slurm-wlm munge; .ci/run installs it)"
            ));
            return;
        }
    };
    if !is_root() {
        crate::common::skipped(
            "skipped: a one-node Slurm runs its jobs as root here (SlurmUser=root), and this is not root",
        );
        return;
    }
    let cluster = match Cluster::start(&programs) {
        Ok(c) => c,
        Err(why) => {
            crate::common::skipped(&format!("skipped: Slurm could not be started on this machine: {why}"));
            return;
        }
    };
    let script = format!("{ROOT}/docs/scripts/slurm_sweep.sh");
    let game = format!("{ROOT}/{GAME}");
    let env = [("CARDLANG", CARDLANG), ("GAMES", GAMES)];
    // The script's own defaults (100 tasks on 4 CPUs each) are overridden on the command line,
    // as a user sizes the array; the shard count follows the array's size.
    let array = format!("--array=1-{SHARDS}");
    let sweep = cluster.submit(&[&[array.as_str(), "--cpus-per-task=1", &script, &game], &SETTINGS[..]].concat(), &env);
    // The merge job of the docs, which waits for every task, and the same merge as JSON.
    let after = format!("--dependency=afterok:{sweep}");
    let merge_command = "\"$CARDLANG\" merge sweep/*.json --report sweep/report.html > sweep/report.txt \
         && \"$CARDLANG\" merge sweep/*.json --json > merged.json";
    let merge = cluster.submit(&[&after, "--output=sweep/merge.log", "--wrap", merge_command], &env);
    cluster.wait_until_done(&[&sweep, &merge], Duration::from_secs(60));
    let tasks = cluster.states(&sweep);
    assert_eq!(tasks, vec!["COMPLETED"; SHARDS], "the array's tasks ended so:\n{}", cluster.logs());
    assert_eq!(cluster.states(&merge), ["COMPLETED"], "the merge job:\n{}", cluster.logs());

    let work = cluster.dir.join("work");
    let sweep_dir = work.join("sweep");
    for k in 1..=SHARDS {
        let shard = read(&sweep_dir.join(format!("{k}.json")));
        assert!(shard.contains(&format!("\"shard\":{k},\"shards\":{SHARDS}")), "task {k} played shard {k}/{SHARDS}");
    }
    let (json, text, html) = one_run(&cluster.dir.join("one_run"));
    assert_eq!(read(&work.join("merged.json")), json, "merge --json equals simulate --json");
    assert_eq!(read(&sweep_dir.join("report.txt")), text, "the merged text equals simulate's");
    assert!(read(&sweep_dir.join("report.html")) == html, "the merged HTML report equals simulate's");

    // A task played again alone: without SHARDS the script refuses (the array of one task is
    // not the sweep's size); with SHARDS it plays its shard and the merge is the same.
    std::fs::remove_file(sweep_dir.join("3.json")).expect("shard 3 is there");
    let alone = cluster.submit(&[&["--array=3", "--cpus-per-task=1", &script, &game], &SETTINGS[..]].concat(), &env);
    cluster.wait_until_done(&[&alone], Duration::from_secs(20));
    assert_eq!(cluster.states(&alone), ["FAILED"]);
    let log = read(&sweep_dir.join("3.log"));
    assert!(log.contains("set SHARDS to the number of shards"), "{log}");
    assert!(!sweep_dir.join("3.json").exists() && !sweep_dir.join("3.json.part").exists());
    std::fs::remove_file(work.join("merged.json")).expect("the first merge's JSON");
    let shards = SHARDS.to_string();
    let again = cluster.submit(
        &[&["--array=3", "--cpus-per-task=1", &script, &game], &SETTINGS[..]].concat(),
        &[("CARDLANG", CARDLANG), ("GAMES", GAMES), ("SHARDS", &shards)],
    );
    let merge = cluster
        .submit(&[&format!("--dependency=afterok:{again}"), "--output=sweep/merge.log", "--wrap", merge_command], &env);
    cluster.wait_until_done(&[&again, &merge], Duration::from_secs(40));
    assert_eq!(cluster.states(&merge), ["COMPLETED"], "the second merge:\n{}", cluster.logs());
    assert!(sweep_dir.join("3.json").exists(), "shard 3 is played again");
    assert_eq!(read(&work.join("merged.json")), json, "the sweep with shard 3 played again");
}

/// The shell script of the container named `container` in a Kubernetes manifest: the block after
/// its `- |`, dedented.
fn container_script(manifest: &str, container: &str) -> String {
    let lines: Vec<&str> = manifest.lines().collect();
    let named = lines.iter().position(|l| l.trim() == format!("- name: {container}")).expect("the container");
    let bar = named + lines[named..].iter().position(|l| l.trim() == "- |").expect("its script");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let body: Vec<&str> = lines[bar + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > indent(lines[bar]))
        .copied()
        .collect();
    let cut = body.first().map_or(0, |l| indent(l));
    body.iter().map(|l| l.get(cut..).unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_kubernetes_indexed_job_plays_shard_index_plus_one_and_merges_to_one_run() {
    let manifest = read(&Path::new(ROOT).join("docs/scripts/k8s_sweep.yaml"));
    // The shard count a pod is told is the Job's number of completions.
    let completions = manifest.lines().find_map(|l| l.trim().strip_prefix("completions: ")).expect("completions");
    let told = format!("{{name: SHARDS, value: \"{}\"}}", completions.split_whitespace().next().unwrap_or_default());
    assert!(manifest.contains(&told), "SHARDS is the Job's completions");

    // Each pod's script run here as Kubernetes runs it, JOB_COMPLETION_INDEX from 0 to N-1.
    let script = container_script(&manifest, "shard");
    assert!(script.contains("--shard \"$K/$SHARDS\"") && script.contains("K=$((JOB_COMPLETION_INDEX+1))"), "{script}");
    let dir = std::env::temp_dir().join(format!("cardlang-k8s-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let bin = Path::new(CARDLANG).parent().expect("the binary's folder");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let game = format!("{ROOT}/games/wilcox_war.cardgame");
    for index in 0..3 {
        let out = Command::new("sh")
            .args(["-c", &script])
            .env("PATH", &path)
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .envs([("GAME", game.as_str()), ("GAMES", "900"), ("SHARDS", "3"), ("JOBS", "1"), ("FLAGS", "--seed 5")])
            .env("OUT", &dir)
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "pod {index}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let shards: Vec<String> = (1..=3).map(|k| dir.join(format!("{k}.json")).to_string_lossy().into_owned()).collect();
    let merged = Command::new(CARDLANG).arg("merge").args(&shards).arg("--json").output().expect("merge runs");
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let whole = Command::new(CARDLANG)
        .args(["simulate", &game, "-n", "900", "--seed", "5", "--json"])
        .output()
        .expect("simulate runs");
    assert_eq!(stdout(&merged), stdout(&whole), "the pods' shards merge to one simulate run");
    let _ = std::fs::remove_dir_all(&dir);
}
