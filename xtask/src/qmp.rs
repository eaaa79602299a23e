//! A minimal client of the QEMU Machine Protocol (QMP): one JSON object per line, a
//! greeting, `qmp_capabilities`, then commands each answered by `{"return": …}` or
//! `{"error": …}`, with asynchronous `{"event": …}` messages interleaved anywhere.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A QMP session over any line reader and writer (a Unix socket, or memory in tests).
pub struct Qmp<R, W> {
    reader: R,
    writer: W,
    /// Events seen while waiting for replies, kept for the report.
    pub events: Vec<Value>,
}

/// A QMP connection over QEMU's Unix socket.
pub type QmpSocket = Qmp<BufReader<UnixStream>, UnixStream>;

impl Qmp<BufReader<UnixStream>, UnixStream> {
    /// Connects to QEMU's QMP server at `socket`, retrying until `timeout` passes (QEMU
    /// creates the socket shortly after it starts). Replies must then come within
    /// `timeout` each.
    pub fn connect(socket: &Path, timeout: Duration) -> Result<Self, String> {
        let deadline = Instant::now() + timeout;
        let stream = loop {
            match UnixStream::connect(socket) {
                Ok(stream) => break stream,
                Err(e) if Instant::now() >= deadline => {
                    return Err(format!("QMP socket {}: {e}", socket.display()))
                }
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        };
        stream
            .set_read_timeout(Some(timeout.max(Duration::from_millis(100))))
            .map_err(|e| format!("QMP socket {}: {e}", socket.display()))?;
        let writer = stream
            .try_clone()
            .map_err(|e| format!("QMP socket {}: {e}", socket.display()))?;
        Ok(Qmp::new(BufReader::new(stream), writer))
    }
}

impl<R: BufRead, W: Write> Qmp<R, W> {
    /// A session over `reader` (QEMU's output) and `writer` (QEMU's input). Call
    /// [`Qmp::handshake`] first.
    pub fn new(reader: R, writer: W) -> Self {
        Qmp {
            reader,
            writer,
            events: Vec::new(),
        }
    }

    /// Reads one JSON message, skipping blank lines.
    fn read_message(&mut self) -> Result<Value, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .reader
                .read_line(&mut line)
                .map_err(|e| format!("reading from QMP: {e}"))?;
            if n == 0 {
                return Err(String::from("QMP connection closed by QEMU"));
            }
            if !line.trim().is_empty() {
                break;
            }
        }
        serde_json::from_str(line.trim())
            .map_err(|e| format!("QMP sent something that is not JSON ({e}): {}", line.trim()))
    }

    /// Reads messages until one that is not an event, and returns it. Events are kept in
    /// [`Qmp::events`].
    fn read_non_event(&mut self) -> Result<Value, String> {
        loop {
            let message = self.read_message()?;
            if message.get("event").is_some() {
                self.events.push(message);
            } else {
                return Ok(message);
            }
        }
    }

    /// Reads the reply to a command: the value of `return`, or an error built from
    /// `error`'s `class` and `desc`. Events before the reply are skipped.
    pub fn read_reply(&mut self) -> Result<Value, String> {
        let message = self.read_non_event()?;
        if let Some(value) = message.get("return") {
            return Ok(value.clone());
        }
        if let Some(error) = message.get("error") {
            let class = error.get("class").and_then(Value::as_str).unwrap_or("?");
            let desc = error.get("desc").and_then(Value::as_str).unwrap_or("?");
            return Err(format!("QMP error {class}: {desc}"));
        }
        Err(format!("unexpected QMP message: {message}"))
    }

    /// Reads the greeting (`{"QMP": …}`) and enters command mode with
    /// `qmp_capabilities`.
    pub fn handshake(&mut self) -> Result<(), String> {
        let greeting = self.read_non_event()?;
        if greeting.get("QMP").is_none() {
            return Err(format!("expected the QMP greeting, got {greeting}"));
        }
        self.execute("qmp_capabilities", None).map(|_| ())
    }

    /// Sends a command (with `arguments` if given) and returns its reply.
    pub fn execute(&mut self, command: &str, arguments: Option<Value>) -> Result<Value, String> {
        let mut message = json!({ "execute": command });
        if let Some(arguments) = arguments {
            message["arguments"] = arguments;
        }
        writeln!(self.writer, "{message}")
            .and_then(|()| self.writer.flush())
            .map_err(|e| format!("sending {command} to QMP: {e}"))?;
        self.read_reply().map_err(|e| format!("QMP {command}: {e}"))
    }

    /// Writes the screen to `file` (an absolute path; QEMU's default format, PPM).
    pub fn screendump(&mut self, file: &Path) -> Result<(), String> {
        let filename = file
            .to_str()
            .ok_or_else(|| format!("{} is not valid UTF-8", file.display()))?;
        self.execute("screendump", Some(json!({ "filename": filename })))
            .map(|_| ())
    }

    /// Sends one key event: `qcode` (QEMU's key name, such as `ctrl` or `up`) down or up.
    pub fn key(&mut self, qcode: &str, down: bool) -> Result<(), String> {
        let event = json!({
            "type": "key",
            "data": { "down": down, "key": { "type": "qcode", "data": qcode } }
        });
        self.execute("input-send-event", Some(json!({ "events": [event] })))
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    const GREETING: &str = r#"{"QMP": {"version": {"qemu": {"micro": 0, "minor": 2, "major": 7}, "package": ""}, "capabilities": ["oob"]}}"#;

    fn session(replies: &str) -> Qmp<Cursor<Vec<u8>>, Vec<u8>> {
        Qmp::new(Cursor::new(replies.as_bytes().to_vec()), Vec::new())
    }

    fn sent(qmp: &Qmp<Cursor<Vec<u8>>, Vec<u8>>) -> Vec<Value> {
        String::from_utf8_lossy(&qmp.writer)
            .lines()
            .map(|l| serde_json::from_str(l).expect("the client writes JSON"))
            .collect()
    }

    #[test]
    fn handshake_screendump_and_key_skip_events() {
        let replies = format!(
            "{GREETING}\n{{\"return\": {{}}}}\n\
             {{\"timestamp\": {{\"seconds\": 1, \"microseconds\": 2}}, \"event\": \"RESUME\"}}\n\
             \n{{\"return\": {{}}}}\n\
             {{\"timestamp\": {{\"seconds\": 1, \"microseconds\": 3}}, \"event\": \"A\"}}\n\
             {{\"timestamp\": {{\"seconds\": 1, \"microseconds\": 4}}, \"event\": \"B\"}}\n\
             {{\"return\": {{}}}}\n"
        );
        let mut qmp = session(&replies);
        qmp.handshake().expect("greeting and capabilities");
        qmp.screendump(Path::new("/tmp/x.ppm")).expect("screendump");
        qmp.key("ctrl", true).expect("key down");
        assert_eq!(qmp.events.len(), 3);
        let sent = sent(&qmp);
        assert_eq!(sent[0], json!({"execute": "qmp_capabilities"}));
        assert_eq!(
            sent[1],
            json!({"execute": "screendump", "arguments": {"filename": "/tmp/x.ppm"}})
        );
        assert_eq!(
            sent[2],
            json!({"execute": "input-send-event", "arguments": {"events": [
                {"type": "key", "data": {"down": true, "key": {"type": "qcode", "data": "ctrl"}}}
            ]}})
        );
    }

    #[test]
    fn reply_value_is_returned() {
        let mut qmp = session("{\"event\": \"X\"}\n{\"return\": {\"running\": true}}\n");
        assert_eq!(qmp.read_reply().expect("a reply"), json!({"running": true}));
    }

    #[test]
    fn error_reply_is_an_error() {
        let mut qmp =
            session("{\"error\": {\"class\": \"GenericError\", \"desc\": \"no such file\"}}\n");
        let err = qmp.execute("screendump", None).expect_err("an error reply");
        assert!(
            err.contains("GenericError") && err.contains("no such file"),
            "{err}"
        );
    }

    #[test]
    fn end_of_stream_and_garbage_are_errors() {
        let mut qmp = session("{\"event\": \"SHUTDOWN\"}\n");
        let err = qmp.read_reply().expect_err("closed");
        assert!(err.contains("closed"), "{err}");
        let mut qmp = session("not json\n");
        assert!(qmp.read_reply().expect_err("garbage").contains("not JSON"));
        let mut qmp = session("{\"return\": {}}\n");
        assert!(qmp
            .handshake()
            .expect_err("no greeting")
            .contains("greeting"));
    }
}
