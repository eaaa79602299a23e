//! A WebDriver client of the few commands the browser check uses, speaking HTTP/1.1 and
//! JSON over a `TcpStream` to a local `chromedriver`.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The key of a web element in WebDriver's JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Sends `method path` with `body` to the driver on `port`; the response's `value`, or
/// the driver's error as a sentence.
pub fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream =
        TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("chromedriver: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| format!("chromedriver: {e}"))?;
    // Chromedriver keeps the connection open: read the headers, then Content-Length
    // bytes (or chunks up to the last).
    let mut response = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    let (split, head) = loop {
        if let Some(split) = response.windows(4).position(|w| w == b"\r\n\r\n") {
            break (
                split,
                String::from_utf8_lossy(&response[..split]).to_lowercase(),
            );
        }
        let n = stream
            .read(&mut buffer)
            .map_err(|e| format!("chromedriver: {method} {path}: {e}"))?;
        if n == 0 {
            return Err("chromedriver: a response without headers".into());
        }
        response.extend_from_slice(&buffer[..n]);
    };
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &response[split + 4..];
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = stream
            .read(&mut buffer)
            .map_err(|e| format!("chromedriver: {method} {path}: {e}"))?;
        if n == 0 {
            break;
        }
        response.extend_from_slice(&buffer[..n]);
    }
    let mut payload = response[split + 4..].to_vec();
    if let Some(n) = length {
        payload.truncate(n);
    } else if chunked {
        payload = dechunk(&payload)?;
    }
    let value: Value = serde_json::from_slice(&payload)
        .map_err(|e| format!("chromedriver: {method} {path}: {e}"))?;
    let value = value.get("value").cloned().unwrap_or(Value::Null);
    if let Some(error) = value.get("error").and_then(Value::as_str) {
        let message = value.get("message").and_then(Value::as_str).unwrap_or("");
        let first = message.lines().next().unwrap_or("");
        return Err(format!("{method} {path}: {error}: {first}"));
    }
    Ok(value)
}

/// A chunked body, joined.
fn dechunk(mut bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let end = bytes
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("chromedriver: a bad chunk")?;
        let size = usize::from_str_radix(String::from_utf8_lossy(&bytes[..end]).trim(), 16)
            .map_err(|_| "chromedriver: a bad chunk size")?;
        if size == 0 {
            return Ok(out);
        }
        let data = bytes
            .get(end + 2..end + 2 + size)
            .ok_or("chromedriver: a short chunk")?;
        out.extend_from_slice(data);
        bytes = bytes.get(end + 4 + size..).unwrap_or(&[]);
    }
}

/// A browser session.
pub struct Session {
    port: u16,
    id: String,
}

impl Session {
    /// Waits up to `wait` for the driver on `port`, then opens headless Chromium (`binary`
    /// when given) with a window of `width × height`.
    pub fn open(
        port: u16,
        binary: Option<&str>,
        width: u32,
        height: u32,
        wait: Duration,
    ) -> Result<Session, String> {
        let until = Instant::now() + wait;
        loop {
            match request(port, "GET", "/status", None) {
                Ok(status) if status.get("ready") == Some(&Value::Bool(true)) => break,
                _ if Instant::now() < until => std::thread::sleep(Duration::from_millis(100)),
                Ok(_) => return Err("chromedriver did not become ready".into()),
                Err(e) => return Err(e),
            }
        }
        let mut options = json!({
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                format!("--window-size={width},{height}"),
            ]
        });
        if let Some(binary) = binary {
            options["binary"] = json!(binary);
        }
        let body = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": options,
            }}
        });
        let value = request(port, "POST", "/session", Some(&body))?;
        let id = value
            .get("sessionId")
            .and_then(Value::as_str)
            .ok_or("chromedriver: no session id")?
            .to_owned();
        Ok(Session { port, id })
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        request(
            self.port,
            method,
            &format!("/session/{}{path}", self.id),
            body,
        )
    }

    /// Loads `url`.
    pub fn navigate(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))
            .map(|_| ())
    }

    /// Runs `script` (a function body; `return` gives the value) in the page.
    pub fn execute(&self, script: &str) -> Result<Value, String> {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": [] })),
        )
    }

    /// Runs `script` every 50 ms until it returns `true`, for at most `wait`.
    pub fn wait_for(&self, script: &str, wait: Duration) -> Result<(), String> {
        let until = Instant::now() + wait;
        loop {
            if self.execute(script)? == Value::Bool(true) {
                return Ok(());
            }
            if Instant::now() > until {
                return Err(format!("waited {wait:?} for `{script}`"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The element the CSS `selector` finds, as WebDriver names it.
    pub fn element(&self, selector: &str) -> Result<Value, String> {
        let found = self.call(
            "POST",
            "/element",
            Some(&json!({ "using": "css selector", "value": selector })),
        )?;
        Ok(json!({ ELEMENT: found.get(ELEMENT).cloned().unwrap_or(Value::Null) }))
    }

    /// Performs WebDriver actions (`{"actions": [...]}`).
    pub fn actions(&self, actions: Value) -> Result<(), String> {
        self.call("POST", "/actions", Some(&json!({ "actions": actions })))
            .map(|_| ())?;
        self.call("DELETE", "/actions", None).map(|_| ())
    }

    /// A PNG of the page as the browser shows it.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        use base64::Engine as _;
        let text = self.call("GET", "/screenshot", None)?;
        base64::engine::general_purpose::STANDARD
            .decode(text.as_str().unwrap_or(""))
            .map_err(|e| format!("screenshot: {e}"))
    }

    /// Closes the browser.
    pub fn close(self) -> Result<(), String> {
        self.call("DELETE", "", None).map(|_| ())
    }
}

/// Presses and releases the key named by WebDriver's code point `key` (`"\u{E014}"` is
/// the right arrow).
pub fn key_press(key: &str) -> Value {
    json!([{ "type": "key", "id": "keyboard", "actions": [
        { "type": "keyDown", "value": key },
        { "type": "keyUp", "value": key },
    ]}])
}

/// Clicks `element` at `(dx, dy)` CSS pixels from its middle, holding the button
/// `hold_ms`.
pub fn click(element: &Value, dx: i64, dy: i64, hold_ms: u64) -> Value {
    json!([{ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" },
    "actions": [
        { "type": "pointerMove", "origin": element, "x": dx, "y": dy, "duration": 0 },
        { "type": "pointerDown", "button": 0 },
        { "type": "pause", "duration": hold_ms },
        { "type": "pointerUp", "button": 0 },
    ]}])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_body_is_joined() {
        assert_eq!(
            dechunk(b"4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"),
            Ok(b"{\"a\":1}".to_vec())
        );
        assert!(dechunk(b"zz\r\n").is_err());
        assert!(dechunk(b"9\r\nab\r\n").is_err());
    }
}
