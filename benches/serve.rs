//! Load on `cardlang serve` (issue 41), a measurement rather than a micro-benchmark (so not divan):
//! `cargo bench --bench serve`. The server runs in this process on a loopback port; N tables
//! (`SERVE_TABLES`, 200 by default) of Wilcox War each seat a robot person and a greedy agent,
//! and each has a spectator connected to its stream of views. Every robot plays its whole game
//! at once with the others: it sends a move and times how long until the spectator's stream
//! delivers the view that includes it (the move-to-update latency). Printed: the median and 99th
//! percentile of that latency, the resident memory the tables added divided by N, and how many
//! tables finished (none may be lost).

use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Resident memory of this process, in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(600)))
        .build()
        .into()
}

fn main() {
    let tables: usize = std::env::var("SERVE_TABLES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let dir = std::env::temp_dir().join(format!("cardlang-serve-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = cardlang::serve::Config {
        games: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/games/wilcox_war.cardgame").into()],
        host: "127.0.0.1".into(),
        port: 0,
        data: dir.join("tables.sqlite"),
        replay: None,
    };
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let started = runtime.block_on(cardlang::serve::start(&config)).expect("the server starts");
    let base = format!("http://{}", started.addr);
    std::thread::spawn(move || runtime.block_on(started.run()));
    let before = rss_kib();
    let http = agent();
    // Every table made first, each with its spectator's stream open.
    let mut made = Vec::new();
    for i in 0..tables {
        let request = json!({"game": "wilcox_war", "seats": ["human", "greedy"], "seed": i});
        let mut r = http
            .post(format!("{base}/api/tables"))
            .content_type("application/json")
            .send(request.to_string())
            .expect("a table");
        let table: Value = serde_json::from_str(&r.body_mut().read_to_string().expect("a body")).expect("JSON");
        let seat = table["seats"][0]["token"].as_str().expect("a token").to_string();
        let spectator = table["spectator"].as_str().expect("a token").to_string();
        let stream = http.get(format!("{base}/api/t/{spectator}/events")).call().expect("a stream");
        made.push((seat, BufReader::new(stream.into_body().into_reader())));
    }
    let opened = rss_kib();
    let started_at = Instant::now();
    let robots: Vec<_> = made
        .into_iter()
        .map(|(seat, mut events)| {
            let base = base.clone();
            std::thread::spawn(move || {
                let http = agent();
                let next_step = |events: &mut BufReader<ureq::BodyReader<'static>>| -> Option<(u64, bool)> {
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if events.read_line(&mut line).ok()? == 0 {
                            return None;
                        }
                        if let Some(data) = line.trim_end().strip_prefix("data:") {
                            let v: Value = serde_json::from_str(data.trim()).ok()?;
                            return Some((v["step"].as_u64()?, v["end"].is_object()));
                        }
                    }
                };
                let mut latencies = Vec::new();
                let (mut step, mut over) = next_step(&mut events)?;
                while !over {
                    let view: Value = serde_json::from_str(
                        &http.get(format!("{base}/api/t/{seat}")).call().ok()?.body_mut().read_to_string().ok()?,
                    )
                    .ok()?;
                    let menu = &view["menu"];
                    if menu.is_null() {
                        // The agent is still to choose: the stream says when it has.
                        (step, over) = next_step(&mut events)?;
                        continue;
                    }
                    let sent = Instant::now();
                    let body = json!({"at": menu["at"], "action": menu["choices"][0]["action"]});
                    let mut r = http
                        .post(format!("{base}/api/t/{seat}/move"))
                        .content_type("application/json")
                        .send(body.to_string())
                        .ok()?;
                    let after: Value = serde_json::from_str(&r.body_mut().read_to_string().ok()?).ok()?;
                    let target = after["step"].as_u64()?;
                    while step < target && !over {
                        (step, over) = next_step(&mut events)?;
                    }
                    latencies.push(sent.elapsed());
                }
                Some(latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut finished = 0;
    for r in robots {
        if let Ok(Some(l)) = r.join() {
            finished += 1;
            all.extend(l);
        }
    }
    let wall = started_at.elapsed();
    let after = rss_kib();
    all.sort();
    let at = |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1))).copied();
    println!("tables: {tables}, finished: {finished}, moves: {}, wall {:.1} s", all.len(), wall.as_secs_f64());
    println!(
        "move-to-update latency: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5).unwrap_or_default().as_secs_f64() * 1e3,
        at(0.99).unwrap_or_default().as_secs_f64() * 1e3,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    println!(
        "resident memory: {before} KiB before, {opened} KiB with the tables open ({:.0} KiB per table), {after} KiB at the end ({:.0} KiB per table)",
        opened.saturating_sub(before) as f64 / tables.max(1) as f64,
        after.saturating_sub(before) as f64 / tables.max(1) as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}
