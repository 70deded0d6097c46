//! A small client of the Chrome DevTools protocol, enough to play a page by clicking: Debian's
//! `chromium --headless --remote-debugging-port=0` is started on a fresh profile, its browser
//! socket read from its "DevTools listening on ws://..." line, one page opened and attached
//! (flat sessions). Commands wait for their answer; every event that comes meanwhile is kept,
//! so the console's errors can be read at the end. Clicks are real mouse presses at the middle
//! of the element, as a person's would be.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The most a command or a wait may take before the test fails (never a hang).
const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium with one page, stopped when dropped.
pub(crate) struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
    /// Every event received, in order.
    pub(crate) events: Vec<Value>,
    profile: PathBuf,
}

impl Browser {
    /// Starts `chromium` with a window of `width`×`height` (a phone's `mobile` emulated too) and
    /// opens a blank page with its console followed.
    pub(crate) fn start(chromium: &str, profile: &Path, width: u32, height: u32, mobile: bool) -> Browser {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).expect("the browser's profile folder");
        let mut child = Command::new(chromium)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
            .args(["--remote-debugging-port=0", "--remote-allow-origins=*"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let mut err = BufReader::new(child.stderr.take().expect("its stderr is piped"));
        let mut address = None;
        let mut said = String::new();
        for _ in 0..200 {
            let mut line = String::new();
            if err.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            if let Some(at) = line.find("ws://") {
                address = Some(line[at..].trim().to_string());
                break;
            }
            said.push_str(&line);
        }
        let address = address.unwrap_or_else(|| panic!("chromium names its DevTools socket; it said:\n{said}"));
        // The rest of what it says is read (and dropped) so that it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            while err.read_line(&mut sink).unwrap_or(0) > 0 {
                sink.clear();
            }
        });
        let (socket, _) = tungstenite::connect(address.as_str()).expect("the DevTools socket opens");
        if let MaybeTlsStream::Plain(s) = socket.get_ref() {
            s.set_read_timeout(Some(PATIENCE)).expect("a read timeout");
        }
        let mut browser =
            Browser { child, socket, session: String::new(), next: 0, events: Vec::new(), profile: profile.into() };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().expect("a target id").to_string();
        let attached = browser.call_browser("Target.attachToTarget", json!({"targetId": target, "flatten": true}));
        browser.session = attached["sessionId"].as_str().expect("a session id").to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
        browser
    }

    fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        self.socket.send(Message::text(message.to_string())).expect("a command is sent");
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            let text = match self.socket.read().expect("chromium answers") {
                Message::Text(t) => t.to_string(),
                _ => continue,
            };
            let v: Value = serde_json::from_str(&text).expect("DevTools messages are JSON");
            if v["id"] == json!(id) {
                assert!(v["error"].is_null(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
            if v["method"].is_string() {
                self.events.push(v);
            }
        }
        panic!("{method}: no answer within {PATIENCE:?}");
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    /// A command to the page.
    pub(crate) fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(session))
    }

    /// The value of a script evaluated in the page (awaited when it is a promise).
    pub(crate) fn eval(&mut self, script: &str) -> Value {
        let r =
            self.call("Runtime.evaluate", json!({"expression": script, "returnByValue": true, "awaitPromise": true}));
        assert!(r["exceptionDetails"].is_null(), "{script}: {}", r["exceptionDetails"]);
        r["result"]["value"].clone()
    }

    /// Opens `url` and waits until `ready` (a script) is true.
    pub(crate) fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait(ready, &format!("{url} to show"));
    }

    /// Waits until the script `condition` is true in the page.
    pub(crate) fn wait(&mut self, condition: &str, what: &str) {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if self.eval(&format!("!!({condition})")) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("waited {PATIENCE:?} for {what} ({condition}); the page: {}", self.text());
    }

    /// Whether an element matches `selector`.
    pub(crate) fn has(&mut self, selector: &str) -> bool {
        self.eval(&format!("!!document.querySelector({})", json!(selector))) == json!(true)
    }

    /// The page's text.
    pub(crate) fn text(&mut self) -> String {
        self.eval("document.body ? document.body.innerText : ''").as_str().unwrap_or_default().to_string()
    }

    /// Clicks the middle of the first element matching `selector` with the mouse (scrolled into
    /// view first; a link wrapped over lines at its first line).
    pub(crate) fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({}); if (!e) return null; \
             e.scrollIntoView({{block: 'center'}}); const r = e.getClientRects()[0]; \
             return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            json!(selector)
        ));
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            panic!("nothing to click at {selector}; the page: {}", self.text());
        };
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// Presses a key (`ArrowRight`) in the page.
    pub(crate) fn key(&mut self, key: &str) {
        for kind in ["keyDown", "keyUp"] {
            self.call("Input.dispatchKeyEvent", json!({"type": kind, "key": key, "code": key}));
        }
    }

    /// Saves a picture of the page's viewport at `path`.
    pub(crate) fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let data = shot["data"].as_str().expect("the picture, base64");
        let bytes = data_encoding::BASE64.decode(data.as_bytes()).expect("the picture is base64");
        std::fs::write(path, bytes).expect("the screenshot is written");
    }

    /// What the page's console said as errors: errors logged by the script, uncaught
    /// exceptions, and the browser's own error entries (a failed request, a refused script).
    pub(crate) fn console_errors(&mut self) -> Vec<String> {
        // A last round trip, so that what came before it is in.
        self.eval("1");
        self.events
            .iter()
            .filter_map(|e| {
                let p = &e["params"];
                match e["method"].as_str()? {
                    "Runtime.consoleAPICalled" if p["type"] == "error" => Some(format!("console.error: {}", p["args"])),
                    "Runtime.exceptionThrown" => Some(format!("exception: {}", p["exceptionDetails"])),
                    "Log.entryAdded" if p["entry"]["level"] == "error" => {
                        Some(format!("{}: {} ({})", p["entry"]["source"], p["entry"]["text"], p["entry"]["url"]))
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
