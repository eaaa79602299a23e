//! `cargo xtask web --check`: the examples' page in headless Chromium, driven through
//! `chromedriver`, against the headless simulator.
//!
//! 1. For each example, the simulator replays the example's replay file headless at
//!    scale 1 (`--replay FILE --scale 1 --out DIR`); the page replays the same file, and
//!    the canvas's pixels (read back at 1:1) must equal the simulator's last PNG: 0
//!    pixels may differ.
//! 2. The showcase, live: the right arrow key, a click on the + button and the left
//!    arrow key must each change its target (the page's `readout`).
//! 3. Each example runs 300 frames at once in the page; the mean time of a frame (its
//!    tick and render in WebAssembly, and the copy onto the canvas) is printed.
//! 4. A screenshot of the colour showcase's page, figures shown, is written.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use base64::Engine as _;
use serde_json::Value;

use crate::web::{target_dir, EXAMPLES};
use crate::webdriver::{click, key_press, Session};

/// WebDriver's code points of the arrow keys.
const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";

/// Frames each example runs for the frame time.
const BENCH_FRAMES: u32 = 300;

/// `chromedriver`, stopped when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free local port.
fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

/// An RGBA image's pixels.
struct Rgba {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 4]>,
}

/// Reads an 8-bit RGB or RGBA PNG.
fn read_png(path: &Path) -> Result<Rgba, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut buffer = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut buffer)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => return Err(format!("{}: a {other:?} PNG", path.display())),
    };
    let pixels = buffer[..info.buffer_size()]
        .chunks_exact(channels)
        .map(|p| [p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }])
        .collect();
    Ok(Rgba {
        width: info.width,
        height: info.height,
        pixels,
    })
}

/// Writes an RGBA PNG.
fn write_png(path: &Path, image: &Rgba) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let flat: Vec<u8> = image.pixels.iter().flatten().copied().collect();
    encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&flat))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Pixels that differ between two images of the same size (`Err` when the sizes differ).
fn differing(a: &Rgba, b: &Rgba) -> Result<usize, String> {
    if (a.width, a.height) != (b.width, b.height) {
        return Err(format!(
            "{}x{} against {}x{}",
            a.width, a.height, b.width, b.height
        ));
    }
    Ok(a.pixels
        .iter()
        .zip(&b.pixels)
        .filter(|(p, q)| p != q)
        .count())
}

/// Runs the simulator's binary `bin` on the replay of `app`, headless at scale 1, into
/// `out`.
fn simulate(
    root: &Path,
    site: &Path,
    app: &str,
    bin: &str,
    panel: &str,
    out: &Path,
) -> Result<(), String> {
    let exe = target_dir(root).join("debug").join(bin);
    let mut command = Command::new(&exe);
    command
        .current_dir(root)
        .arg("--headless")
        .arg("--replay")
        .arg(site.join("replays").join(format!("{app}.txt")))
        .args(["--scale", "1", "--out"])
        .arg(out)
        .stdout(Stdio::null());
    if bin == "showcase" {
        command.args(["--panel", panel]);
    }
    let status = command
        .status()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{app}: the simulator's replay failed ({status})"))
    }
}

/// The page's state as the check reads it.
fn page_value(session: &Session, expression: &str) -> Result<Value, String> {
    session.execute(&format!("return {expression};"))
}

/// Runs the whole check; `Ok(false)` when a check failed.
pub fn run(root: &Path, site: &Path, out: &Path) -> Result<bool, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--quiet", "-p", "sprig-examples", "--bins"])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !built.success() {
        return Err("building the simulator's examples failed".into());
    }
    for (app, bin, panel) in EXAMPLES {
        simulate(root, site, app, bin, panel, &out.join(app))?;
    }

    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    let server = listener.local_addr().map_err(|e| e.to_string())?.port();
    let folder = site.to_path_buf();
    std::thread::spawn(move || crate::web::serve(folder, listener));

    let driver_path = crate::find_on_path("chromedriver").ok_or(
        "chromedriver is not installed (Debian: apt-get install chromium chromium-driver)",
    )?;
    let port = free_port()?;
    let _driver = Driver(
        Command::new(driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("chromedriver: {e}"))?,
    );
    let binary = crate::find_on_path("chromium").map(|p| p.display().to_string());
    let session = Session::open(port, binary.as_deref(), 1280, 800, Duration::from_secs(20))?;
    let result = check(&session, server, out);
    let closed = session.close();
    let passed = result?;
    closed?;
    Ok(passed)
}

fn check(session: &Session, server: u16, out: &Path) -> Result<bool, String> {
    let version = session
        .execute("return navigator.userAgent;")?
        .as_str()
        .unwrap_or("")
        .to_owned();
    println!("browser: {version}");
    let page = |query: &str| format!("http://127.0.0.1:{server}/index.html?{query}");
    let mut passed = true;

    // 1. Every example's replay, pixel for pixel.
    for (app, _, _) in EXAMPLES {
        session.navigate(&page(&format!("app={app}&replay=replays/{app}.txt")))?;
        session.wait_for(
            "return window.sprigPage.done === true;",
            Duration::from_secs(60),
        )?;
        if let Some(error) = page_value(session, "window.sprigPage.error")?.as_str() {
            println!("{app}: the page stopped: {error}");
            passed = false;
            continue;
        }
        let frames = page_value(session, "window.sprigPage.runner.frames()")?;
        let text = page_value(session, "window.sprigPage.runner.canvasBase64()")?;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text.as_str().unwrap_or(""))
            .map_err(|e| format!("{app}: the canvas's pixels: {e}"))?;
        let expected = read_png(&out.join(app).join("last.png"))?;
        let browser = Rgba {
            width: expected.width,
            height: expected.height,
            pixels: bytes
                .chunks_exact(4)
                .map(|p| [p[0], p[1], p[2], p[3]])
                .collect(),
        };
        if browser.pixels.len() != expected.pixels.len() {
            println!(
                "{app}: the canvas holds {} pixels, the simulator's frame {}",
                browser.pixels.len(),
                expected.pixels.len()
            );
            passed = false;
            continue;
        }
        write_png(&out.join(app).join("browser.png"), &browser)?;
        let count = differing(&browser, &expected)?;
        println!(
            "{app}: frame {frames} of its replay in the browser against the headless \
             simulator's: {count} of {} pixels differ",
            expected.pixels.len()
        );
        passed &= count == 0;
    }

    // 2. Keys and a click reach the showcase.
    session.navigate(&page("app=showcase"))?;
    session.wait_for(
        "return window.sprigPage.runner !== null && window.sprigPage.frames > 2;",
        Duration::from_secs(20),
    )?;
    let readout = || -> Result<i64, String> {
        page_value(session, "window.sprigPage.runner.readout()")?
            .as_i64()
            .ok_or_else(|| "the showcase has no readout".to_owned())
    };
    let wait_change = |from: i64| -> Result<i64, String> {
        let script = format!("return window.sprigPage.runner.readout() !== {from};");
        session.wait_for(&script, Duration::from_secs(3))?;
        readout()
    };
    let start = readout()?;
    session.actions(key_press(RIGHT))?;
    let after_right = wait_change(start)?;
    let panel = session.element("#panel")?;
    let scale = page_value(
        session,
        "document.getElementById('panel').getBoundingClientRect().width / window.sprigPage.runner.width",
    )?
    .as_f64()
    .unwrap_or(1.0);
    let layout = &sprig_examples::Layout::OLED;
    let plus = layout.buttons[1].at;
    let (w, h) = (layout.size.width as f64, layout.size.height as f64);
    let dx = ((f64::from(plus.x) - w / 2.0) * scale).round() as i64;
    let dy = ((h - f64::from(plus.y) - h / 2.0) * scale).round() as i64;
    session.actions(click(&panel, dx, dy, 120))?;
    let after_click = wait_change(after_right)?;
    session.actions(key_press(LEFT))?;
    let after_left = wait_change(after_click)?;
    let reacted = after_right > start && after_click > after_right && after_left < after_click;
    println!(
        "showcase, live in the browser: target {start} -> {after_right} (right arrow) -> \
         {after_click} (click on +) -> {after_left} (left arrow), in tenths of a degree: {}",
        if reacted { "reacted" } else { "WRONG" }
    );
    passed &= reacted;

    // 3. Frame time.
    for (app, _, _) in EXAMPLES {
        session.navigate(&page(&format!("app={app}&paused")))?;
        session.wait_for(
            "return window.sprigPage.runner !== null;",
            Duration::from_secs(20),
        )?;
        let ms = page_value(
            session,
            &format!("window.sprigPage.runner.bench({BENCH_FRAMES})"),
        )?
        .as_f64()
        .unwrap_or(f64::NAN);
        println!(
            "{app}: {:.1} us per frame in the browser (tick, render and copy to the canvas; \
             mean of {BENCH_FRAMES} frames at 1/30 s)",
            ms * 1000.0
        );
    }

    // 4. A screenshot of the page.
    session.navigate(&page("app=showcase-color"))?;
    session.wait_for(
        "return window.sprigPage.runner !== null && window.sprigPage.frames > 75;",
        Duration::from_secs(20),
    )?;
    session.execute("document.getElementById('figures').hidden = false; return null;")?;
    session.wait_for(
        "return document.getElementById('figures').textContent.length > 0;",
        Duration::from_secs(5),
    )?;
    let png = session.screenshot()?;
    let shot: PathBuf = out.join("page.png");
    std::fs::write(&shot, png).map_err(|e| format!("{}: {e}", shot.display()))?;
    println!("screenshot of the page: {}", shot.display());
    Ok(passed)
}
