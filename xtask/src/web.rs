//! `cargo xtask web`: builds the examples' page into `target/web/` (the WebAssembly
//! module of `sprig-web`'s example `sprig-apps`, the page's files from
//! `platform-web/web/`, and a replay file per example), prints the module's size raw and
//! gzipped, and serves the folder on localhost with `--serve`.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use sprig_sim::{FrameInput, InputRecord, Recording};

/// The WebAssembly target.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The examples on the page: the app's name, the simulator binary and its `--panel`.
pub const EXAMPLES: [(&str, &str, &str); 5] = [
    ("showcase", "showcase", "oled"),
    ("showcase-color", "showcase", "color"),
    ("showcase-wide", "showcase", "wide"),
    ("breakout", "breakout", "oled"),
    ("hello", "hello", "oled"),
];

/// The page's own files, copied from `platform-web/web/`.
const PAGE_FILES: [&str; 4] = ["index.html", "page.css", "page.js", "sprig.js"];

/// The cargo target folder: `CARGO_TARGET_DIR`, or `target` under the workspace.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// Builds the site into `site` and returns the module's size, raw and gzipped (`None`
/// without a `gzip` command).
pub fn build_site(root: &Path, site: &Path) -> Result<(u64, Option<u64>), String> {
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(root)
        .args([
            "build",
            "--quiet",
            "-p",
            "sprig-web",
            "--example",
            "sprig-apps",
            "--profile",
            "web",
            "--target",
            WASM_TARGET,
        ])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err(format!(
            "building the WebAssembly module failed (is the target installed? \
             `rustup target add {WASM_TARGET}`)"
        ));
    }
    let wasm = target_dir(root)
        .join(WASM_TARGET)
        .join("web/examples/sprig_apps.wasm");
    std::fs::create_dir_all(site.join("replays"))
        .map_err(|e| format!("{}: {e}", site.display()))?;
    let copy = |from: &Path, to: &Path| {
        std::fs::copy(from, to)
            .map(|_| ())
            .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))
    };
    copy(&wasm, &site.join("sprig-apps.wasm"))?;
    for file in PAGE_FILES {
        copy(&root.join("platform-web/web").join(file), &site.join(file))?;
    }
    for (app, _, _) in EXAMPLES {
        let path = site.join("replays").join(format!("{app}.txt"));
        std::fs::write(&path, replay(app).to_text())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let raw = std::fs::metadata(&wasm)
        .map_err(|e| format!("{}: {e}", wasm.display()))?
        .len();
    let gzipped = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(&wasm)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| o.stdout.len() as u64);
    Ok((raw, gzipped))
}

/// The replay of an example the check runs (and the page offers): a few seconds at the
/// apps' 30 frames per second with the keys and touches each app reacts to.
pub fn replay(app: &str) -> Recording {
    let dt = 1.0 / 30.0;
    let key = |key, pressed| InputRecord::Key { key, pressed };
    let touch = |phase, (x, y): (f32, f32)| InputRecord::Touch { id: 0, phase, x, y };
    let (frames, events): (usize, Vec<(usize, InputRecord)>) = match app {
        "showcase" | "showcase-color" | "showcase-wide" => {
            let layout = match app {
                "showcase-color" => &sprig_examples::Layout::SQUARE,
                "showcase-wide" => &sprig_examples::Layout::WIDE,
                _ => &sprig_examples::Layout::OLED,
            };
            // The + button's middle, in screen pixels (y down).
            let plus = layout.buttons[1].at;
            let plus = (plus.x, layout.size.height as f32 - plus.y);
            use sprig::{Key, TouchPhase};
            (
                75,
                vec![
                    (8, key(Key::Right, true)),
                    (9, key(Key::Right, false)),
                    (20, touch(TouchPhase::Down, plus)),
                    (23, touch(TouchPhase::Up, plus)),
                    (40, key(Key::Down, true)),
                    (41, key(Key::Down, false)),
                    (44, key(Key::A, true)),
                    (45, key(Key::A, false)),
                ],
            )
        }
        "breakout" => {
            use sprig::{Key, TouchPhase};
            (
                90,
                vec![
                    (5, key(Key::Left, true)),
                    (25, key(Key::Left, false)),
                    (35, key(Key::Right, true)),
                    (70, key(Key::Right, false)),
                    (75, touch(TouchPhase::Down, (64.0, 60.0))),
                    (80, touch(TouchPhase::Move, (40.0, 60.0))),
                    (85, touch(TouchPhase::Up, (40.0, 60.0))),
                ],
            )
        }
        _ => (45, Vec::new()),
    };
    let mut recording = Recording {
        frames: vec![
            FrameInput {
                dt,
                events: Vec::new()
            };
            frames
        ],
    };
    for (frame, event) in events {
        if let Some(f) = recording.frames.get_mut(frame) {
            f.events.push(event);
        }
    }
    recording
}

/// The content type of a file the site holds.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file under `site` a request's path names: `/` is `index.html`; a path that leaves
/// the folder (`..`) or is not plain is `None`.
pub fn file_for(site: &Path, request_path: &str) -> Option<PathBuf> {
    let path = request_path.split(['?', '#']).next().unwrap_or("");
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let relative = Path::new(path);
    if relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        Some(site.join(relative))
    } else {
        None
    }
}

/// Answers one HTTP request on `stream` with a file of `site`. The page is served
/// cross-origin isolated (`Cross-Origin-Opener-Policy` and `-Embedder-Policy`), which
/// gives `performance.now()`, and so the figures, microseconds rather than 100 µs steps.
fn answer(site: &Path, stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers: read and ignored.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut words = request.split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let mut stream = stream;
    let found = file_for(site, path).and_then(|f| std::fs::read(&f).ok().map(|b| (f, b)));
    match (method, found) {
        ("GET" | "HEAD", Some((file, body))) => {
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
                 Cache-Control: no-store\r\nCross-Origin-Opener-Policy: same-origin\r\n\
                 Cross-Origin-Embedder-Policy: require-corp\r\nConnection: close\r\n\r\n",
                content_type(&file),
                body.len()
            )?;
            if method == "GET" {
                stream.write_all(&body)?;
            }
        }
        ("GET" | "HEAD", None) => {
            let body = b"not found\n";
            write!(
                stream,
                "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n",
                body.len()
            )?;
            stream.write_all(body)?;
        }
        _ => write!(
            stream,
            "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )?,
    }
    stream.flush()
}

/// Serves `site` on `listener` for ever, a thread per connection.
pub fn serve(site: PathBuf, listener: TcpListener) {
    for stream in listener.incoming().flatten() {
        let site = site.clone();
        std::thread::spawn(move || {
            let _ = answer(&site, stream);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_paths_stay_in_the_site() {
        let site = Path::new("/site");
        assert_eq!(file_for(site, "/"), Some(PathBuf::from("/site/index.html")));
        assert_eq!(
            file_for(site, "/index.html?app=hello"),
            Some(PathBuf::from("/site/index.html"))
        );
        assert_eq!(
            file_for(site, "/replays/hello.txt"),
            Some(PathBuf::from("/site/replays/hello.txt"))
        );
        assert_eq!(file_for(site, "/../etc/passwd"), None);
        assert_eq!(file_for(site, "/replays/../../x"), None);
        assert_eq!(
            file_for(site, "//etc/passwd"),
            Some(PathBuf::from("/site/etc/passwd"))
        );
    }

    #[test]
    fn every_examples_replay_reads_back_and_presses_keys_but_hello() {
        for (app, _, _) in EXAMPLES {
            let r = replay(app);
            assert_eq!(Recording::parse(&r.to_text()), Ok(r.clone()), "{app}");
            let events: usize = r.frames.iter().map(|f| f.events.len()).sum();
            assert_eq!(events == 0, app == "hello", "{app}");
        }
    }
}
