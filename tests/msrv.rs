//! `rust-version` in Cargo.toml is the real minimum: no locked dependency needs a newer Rust.
//! Reads Cargo.lock and each locked package's own Cargo.toml in cargo's registry sources.

use std::path::PathBuf;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `1.88` or `1.88.0` as numbers.
fn version(text: &str) -> Vec<u32> {
    let mut v: Vec<u32> = text.split('.').map(|p| p.parse().unwrap_or(0)).collect();
    v.resize(3, 0);
    v
}

/// The `rust-version = "..."` of a manifest's `[package]`, if it states one.
fn rust_version(manifest: &str) -> Option<String> {
    let package = manifest.split("\n[").find(|s| s.starts_with("package]") || s.starts_with("[package]"))?;
    package.lines().find_map(|l| {
        let (key, value) = l.split_once('=')?;
        (key.trim() == "rust-version").then(|| value.trim().trim_matches('"').to_string())
    })
}

/// The folders holding cargo's registry sources.
fn registry_sources() -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry/src")) else { return Vec::new() };
    std::fs::read_dir(src).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default()
}

#[test]
fn no_locked_dependency_needs_a_newer_rust_than_we_declare() {
    let ours = rust_version(&std::fs::read_to_string(format!("{ROOT}/Cargo.toml")).expect("Cargo.toml"))
        .expect("Cargo.toml states rust-version");
    let registries = registry_sources();
    if registries.is_empty() {
        crate::common::skipped("skipped: cargo's registry sources are not on this machine (~/.cargo/registry/src)");
        return;
    }
    let lock = std::fs::read_to_string(format!("{ROOT}/Cargo.lock")).expect("Cargo.lock");
    let (mut read, mut absent, mut too_new) = (0, Vec::new(), Vec::new());
    for block in lock.split("[[package]]").skip(1) {
        let field = |k: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{k} = \"")).map(|v| v.trim_end_matches('"').to_string()))
        };
        let (Some(name), Some(ver)) = (field("name"), field("version")) else { continue };
        if field("source").is_none() {
            continue; // this crate itself
        }
        let manifest = registries.iter().map(|r| r.join(format!("{name}-{ver}/Cargo.toml"))).find(|p| p.exists());
        let Some(manifest) = manifest else {
            // Not downloaded: a dependency for another platform only (windows-sys and the like).
            absent.push(format!("{name} {ver}"));
            continue;
        };
        read += 1;
        if let Some(needs) = rust_version(&std::fs::read_to_string(&manifest).expect("a manifest")) {
            if version(&needs) > version(&ours) {
                too_new.push(format!("{name} {ver} needs Rust {needs}"));
            }
        }
    }
    if read == 0 {
        crate::common::skipped("skipped: none of the locked packages' sources are downloaded");
        return;
    }
    if !absent.is_empty() {
        eprintln!("not checked (sources absent, other platforms): {}", absent.join(", "));
    }
    assert!(too_new.is_empty(), "Cargo.toml says rust-version = \"{ours}\", but {}", too_new.join("; "));
}
