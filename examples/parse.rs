fn main() {
    for f in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&f).unwrap();
        match cardlang::syntax::parse(&src) {
            Ok(file) => {
                let errs = cardlang::check::check_all(&file);
                println!("{f}: {} errors", errs.len());
                for e in errs {
                    println!("{:?}", miette::Report::new(e).with_source_code(src.clone()));
                }
                if let Ok(p) = cardlang::check::check(&file, &Default::default()) {
                    println!("cards {} zones {} procs {}", p.cards.len(), p.zones.len(), p.procedures.len());
                }
            }
            Err(e) => println!("{f}: {:?}", miette::Report::new(e).with_source_code(src)),
        }
    }
}
