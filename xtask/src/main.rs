//! Sprig's developer tasks, run as `cargo xtask <task>` from anywhere in the workspace.
//!
//! `cargo xtask qemu [--no-build] [--frames N] [--out DIR] [--timeout SECS]` runs the
//! showcase firmware (`boards/qemu-lm3s6965`) on QEMU's `lm3s6965evb` and checks it
//! against the simulator:
//!
//! 1. builds the firmware with `SPRIG_FRAMES=N` (and `SPRIG_HOLD=1`, so that after its
//!    last frame it waits for the host, then for key A);
//! 2. runs it in QEMU under `-icount shift=5`, recording the raw defmt stream to
//!    `defmt.bin` and the lines `defmt-print` decodes from it to `log.txt`;
//! 3. on `SPRIG READY frames=N`, captures the screen over QMP (`qemu.ppm`), then works
//!    the gamepad's select button step by step with the firmware (see `qemu.rs`), after
//!    which the firmware exits with its status;
//! 4. renders the same frame with the simulator and compares every pixel (`sim.png`,
//!    `qemu.png`, `diff.png`);
//! 5. checks the log for the lifecycle hooks, a report line per frame, the READY line
//!    and the key reaching the showcase, and prints the firmware's cost and RAM summary;
//! 6. prints the firmware's section sizes (`llvm-size -A`) and each crate's share of
//!    its code.
//!
//! `cargo xtask size [--no-build]` builds the same firmware and prints only the sizes
//! and the table of crates. `cargo xtask size --widgets [--no-build]` builds the board's
//! `widget-cost` firmware once per `sprig-ui` widget instead, runs each in QEMU, and
//! prints the flash, `.text` and `.bss` each widget adds (`widgets.rs`).
//!
//! It exits with status 0 only when the firmware exited with 0 and every check passed.
//!
//! `cargo xtask web [--serve] [--port P] [--check]` builds the examples' web page into
//! `target/web/` (`web.rs`) and prints the WebAssembly module's size; `--serve` serves it
//! on `http://127.0.0.1:P/` (8000 by default) until stopped; `--check` runs it in headless
//! Chromium against the simulator (`webcheck.rs`, writing to `target/web-check/`).

mod crates;
mod logcheck;
mod ppm;
mod qemu;
mod qmp;
mod screen;
mod size;
mod web;
mod webcheck;
mod webdriver;
mod widgets;
mod worst;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus};
use std::time::Duration;

/// The firmware crate, relative to the workspace root.
const FIRMWARE_DIR: &str = "boards/qemu-lm3s6965";
/// The firmware's ELF, relative to the workspace root.
const FIRMWARE_ELF: &str = "target/boards/thumbv7m-none-eabi/release/sprig-qemu";

/// The files a run writes in its output folder.
const OUTPUTS: [&str; 6] = [
    "log.txt",
    "defmt.bin",
    "qemu.ppm",
    "qemu.png",
    "sim.png",
    "diff.png",
];

const USAGE: &str = "\
usage: cargo xtask qemu [--no-build] [--frames N] [--out DIR] [--timeout SECS]

  qemu   run the showcase firmware in QEMU (lm3s6965evb), capture its screen and
         compare it with the simulator's, check its log, and print its sizes
         --no-build      use the existing ELF (target/boards/.../sprig-qemu)
         --frames N      frames to run (SPRIG_FRAMES; default 60)
         --out DIR       output folder (default target/qemu under the workspace)
         --timeout SECS  longest the QEMU run may take (default 120)

  size   build the same firmware and print its section sizes and each crate's share
         of its code (.text)
         --no-build      use the existing ELF
         --baseline ELF  compare with another build of it, crate by crate
         --widgets       instead, build the board's widget-cost firmware once per
                         sprig-ui widget (a few seconds each), run each in QEMU, and print
                         the flash, .text and .bss each widget adds to a world of
                         shapes and labels; with --no-build, measure the ELFs kept in
                         target/widget-cost/

  web    build the examples' web page (the showcase's three panels, breakout, hello)
         into target/web/ and print the WebAssembly module's size, raw and gzipped
         --serve         then serve it on http://127.0.0.1:PORT/ until stopped
         --port P        the port to serve on (default 8000)
         --check         then run each example's replay in headless Chromium
                         (chromedriver) and compare the canvas with the simulator's
                         frame; press keys and click; time the frames";

/// Options of `cargo xtask qemu`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QemuOptions {
    /// Skip building the firmware.
    pub no_build: bool,
    /// Frames to run.
    pub frames: u32,
    /// Output folder (`None`: `target/qemu` under the workspace).
    pub out: Option<PathBuf>,
    /// Longest the QEMU run may take.
    pub timeout: Duration,
}

impl Default for QemuOptions {
    fn default() -> Self {
        QemuOptions {
            no_build: false,
            frames: 60,
            out: None,
            timeout: Duration::from_secs(120),
        }
    }
}

/// Options of `cargo xtask size`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizeOptions {
    /// Skip building the firmware.
    pub no_build: bool,
    /// Another build's ELF to compare with, crate by crate.
    pub baseline: Option<PathBuf>,
    /// Measure each widget's cost instead (`widgets.rs`).
    pub widgets: bool,
}

/// Options of `cargo xtask web`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebOptions {
    /// Serve the page after building it.
    pub serve: bool,
    /// The port to serve on.
    pub port: u16,
    /// Check the page in headless Chromium after building it.
    pub check: bool,
}

impl Default for WebOptions {
    fn default() -> Self {
        WebOptions {
            serve: false,
            port: 8000,
            check: false,
        }
    }
}

/// A task to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// `web`.
    Web(WebOptions),
    /// `qemu`.
    Qemu(QemuOptions),
    /// `size`.
    Size(SizeOptions),
    /// `help`, `--help`, `-h`.
    Help,
}

/// Parses the command line (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Task, String> {
    let mut args = args.into_iter();
    match args.next().as_deref() {
        Some("qemu") => {}
        Some("size") => {
            let mut options = SizeOptions::default();
            while let Some(arg) = args.next() {
                match arg.as_str() {
                    "--no-build" => options.no_build = true,
                    "--widgets" => options.widgets = true,
                    "--baseline" => {
                        let path = args.next().ok_or("--baseline needs an ELF file")?;
                        options.baseline = Some(PathBuf::from(path));
                    }
                    "--help" | "-h" => return Ok(Task::Help),
                    other => return Err(format!("unknown option {other:?}")),
                }
            }
            if options.widgets && options.baseline.is_some() {
                return Err(String::from(
                    "--widgets compares its own builds: no --baseline",
                ));
            }
            return Ok(Task::Size(options));
        }
        Some("web") => {
            let mut options = WebOptions::default();
            while let Some(arg) = args.next() {
                match arg.as_str() {
                    "--serve" => options.serve = true,
                    "--check" => options.check = true,
                    "--port" => {
                        let text = args.next().ok_or("--port needs a value")?;
                        options.port = text
                            .parse()
                            .ok()
                            .filter(|&p: &u16| p > 0)
                            .ok_or_else(|| format!("--port {text:?}: expected 1 to 65535"))?;
                    }
                    "--help" | "-h" => return Ok(Task::Help),
                    other => return Err(format!("unknown option {other:?}")),
                }
            }
            return Ok(Task::Web(options));
        }
        Some("help" | "--help" | "-h") | None => return Ok(Task::Help),
        Some(other) => return Err(format!("unknown task {other:?}")),
    }
    let mut options = QemuOptions::default();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--no-build" => options.no_build = true,
            "--frames" => {
                let text = value("--frames")?;
                options.frames = text
                    .parse()
                    .ok()
                    .filter(|&n: &u32| n > 0)
                    .ok_or_else(|| format!("--frames {text:?}: expected a positive number"))?;
            }
            "--out" => options.out = Some(PathBuf::from(value("--out")?)),
            "--timeout" => {
                let text = value("--timeout")?;
                let secs: u64 = text.parse().ok().filter(|&n: &u64| n > 0).ok_or_else(|| {
                    format!("--timeout {text:?}: expected a positive number of seconds")
                })?;
                options.timeout = Duration::from_secs(secs);
            }
            "--help" | "-h" => return Ok(Task::Help),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(Task::Qemu(options))
}

/// The workspace root (this crate's parent folder).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Whether `path` is an executable file.
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Finds `name` in the folders of `PATH`.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Finds `defmt-print` on `PATH`, or in Cargo's `bin` folder (`$CARGO_HOME/bin`, else
/// `~/.cargo/bin`).
fn find_defmt_print() -> Option<PathBuf> {
    find_on_path("defmt-print").or_else(|| {
        let cargo_home = std::env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))?;
        let candidate = cargo_home.join("bin").join("defmt-print");
        is_executable(&candidate).then_some(candidate)
    })
}

/// What the firmware's exit status means.
fn describe_status(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.code() {
        Some(0) => String::from("0 (success)"),
        Some(1) => String::from("1 (failure, or a panic)"),
        Some(2) => String::from("2 (no gamepad key came)"),
        Some(3) => String::from("3 (a frame failed)"),
        Some(4) => String::from("4 (hook errors)"),
        Some(101) => String::from("101 (panic)"),
        Some(code) => format!("{code}"),
        None => match status.signal() {
            Some(signal) => format!("killed by signal {signal}"),
            None => String::from("unknown"),
        },
    }
}

/// Builds the firmware with `frames` frames, holding for the key after the last one.
fn build_firmware(root: &Path, frames: u32) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
    let dir = root.join(FIRMWARE_DIR);
    println!("== building the firmware: SPRIG_FRAMES={frames} SPRIG_HOLD=1 cargo build --release (in {FIRMWARE_DIR})");
    let status = Command::new(&cargo)
        .args(["build", "--release"])
        .current_dir(&dir)
        .env("SPRIG_FRAMES", frames.to_string())
        .env("SPRIG_HOLD", "1")
        // The board's own `.cargo/config.toml` puts the ELF where FIRMWARE_ELF says.
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| {
            format!(
                "running {} build in {}: {e}",
                cargo.display(),
                dir.display()
            )
        })?;
    if !status.success() {
        return Err(format!(
            "the firmware build failed ({status}): cargo build --release in {}",
            dir.display()
        ));
    }
    Ok(())
}

/// Prints the last `n` of `lines`, indented.
fn print_tail(lines: &[String], n: usize) {
    for line in &lines[lines.len().saturating_sub(n)..] {
        println!("  | {line}");
    }
}

/// `cargo xtask qemu`. `Ok(true)` when everything passed.
fn qemu_task(options: &QemuOptions) -> Result<bool, String> {
    let root = workspace_root();
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| root.join("target/qemu"));
    std::fs::create_dir_all(&out).map_err(|e| format!("creating {}: {e}", out.display()))?;
    // No stale pictures from an earlier run.
    for name in OUTPUTS {
        let path = out.join(name);
        if path.exists() {
            std::fs::remove_file(&path)
                .map_err(|e| format!("removing the old {}: {e}", path.display()))?;
        }
    }
    let qemu_bin = find_on_path("qemu-system-arm").ok_or(
        "qemu-system-arm not found on PATH; install it with: apt-get install qemu-system-arm",
    )?;
    let defmt_print = find_defmt_print().ok_or(
        "defmt-print not found on PATH or in ~/.cargo/bin; install it with: cargo install defmt-print",
    )?;
    let elf = root.join(FIRMWARE_ELF);
    if options.no_build {
        println!("== --no-build: using {}", elf.display());
    } else {
        build_firmware(&root, options.frames)?;
    }
    if !elf.is_file() {
        return Err(format!(
            "the firmware {} does not exist; build it (run without --no-build)",
            elf.display()
        ));
    }

    println!(
        "\n== running {} frames in QEMU (timeout {} s)",
        options.frames,
        options.timeout.as_secs()
    );
    let outcome = qemu::run(&qemu::Session {
        qemu: &qemu_bin,
        defmt_print: &defmt_print,
        elf: &elf,
        out: &out,
        timeout: options.timeout,
    })?;

    let mut failures: Vec<String> = Vec::new();
    println!("\n== results");
    println!("firmware exit status: {}", describe_status(outcome.status));
    if !outcome.status.success() {
        failures.push(format!(
            "the firmware exited with status {}",
            describe_status(outcome.status)
        ));
    }
    if let Some(status) = outcome.defmt_status.filter(|s| !s.success()) {
        failures.push(format!("defmt-print exited with {status}"));
    }
    if outcome.ready.is_none() {
        println!(
            "QEMU exited with status {} before SPRIG READY; the end of the log ({}):",
            describe_status(outcome.status),
            out.join("log.txt").display()
        );
        print_tail(&outcome.lines, 30);
        if !outcome.stderr.is_empty() {
            println!("QEMU's stderr:");
            print_tail(&outcome.stderr, 30);
        }
        failures.push(String::from("SPRIG READY never came"));
    }
    for warning in &outcome.warnings {
        println!("warning: {warning}");
    }

    // The frame the firmware actually stopped at: with --no-build the ELF decides.
    let frames = match outcome.ready {
        Some(Some(n)) if options.no_build => n,
        _ => options.frames,
    };

    // Screen.
    let sim_png = out.join("sim.png");
    let qemu_png = out.join("qemu.png");
    let diff_png = out.join("diff.png");
    match &outcome.capture {
        None => failures.push(String::from("no screen capture (SPRIG READY never came)")),
        Some(Err(e)) => {
            let hint = if outcome.status.success() {
                " (the firmware exited without waiting for the key: was it built without \
                 SPRIG_HOLD=1? run without --no-build)"
            } else {
                ""
            };
            failures.push(format!("screen capture failed: {e}{hint}"));
        }
        Some(Ok(ppm_path)) => {
            let bytes = std::fs::read(ppm_path)
                .map_err(|e| format!("reading {}: {e}", ppm_path.display()))?;
            let screen =
                ppm::parse_ppm(&bytes).map_err(|e| format!("{}: {e}", ppm_path.display()))?;
            let expected = screen::render_simulator(frames)?;
            screen::write_png(&expected, &sim_png)?;
            screen::write_png(&screen::screen_levels(&screen)?, &qemu_png)?;
            let comparison = screen::compare(&expected, &screen)?;
            screen::write_diff_png(&expected, &comparison, &diff_png)?;
            let frame = frames.saturating_sub(1);
            if comparison.mismatches.is_empty() {
                println!(
                    "screen: {} of {} pixels match the simulator (frame {frame})",
                    comparison.matching, comparison.total
                );
            } else {
                println!(
                    "screen: {} of {} pixels differ from the simulator (frame {frame}); see {}",
                    comparison.mismatches.len(),
                    comparison.total,
                    diff_png.display()
                );
                for m in comparison.mismatches.iter().take(10) {
                    println!(
                        "  ({:>3}, {:>2}): simulator level {:>2} = {:?}, QEMU shows {:?}",
                        m.x,
                        m.y,
                        m.expected,
                        [m.expected * 17; 3],
                        m.found
                    );
                }
                failures.push(format!(
                    "{} of {} screen pixels differ from the simulator",
                    comparison.mismatches.len(),
                    comparison.total
                ));
            }
        }
    }

    // Log.
    let report = logcheck::LogReport::read(&outcome.lines);
    let problems = report.problems(frames);
    if problems.is_empty() {
        println!(
            "log: hooks {} seen ({} kinds), {} frame report lines, SPRIG READY frames={frames}",
            logcheck::REQUIRED_HOOKS.join(", "),
            report.hooks.len(),
            report.frames.len()
        );
    } else {
        for problem in &problems {
            println!("log: {problem}");
        }
        failures.extend(problems.into_iter().map(|p| format!("log: {p}")));
    }
    if let Some(Some(n)) = outcome.ready {
        if options.no_build && n != options.frames {
            println!(
                "note: the existing ELF runs {n} frames (--frames {} was ignored with --no-build)",
                options.frames
            );
        }
    }

    println!("\n== firmware summary");
    let summary: Vec<&String> = outcome
        .lines
        .iter()
        .filter(|l| logcheck::is_summary(l))
        .collect();
    if summary.is_empty() {
        println!("  (no cost, ram or size lines in the log)");
    }
    for line in summary {
        println!("  {line}");
    }

    println!(
        "\n== the stack's worst cases (budget {} B per step)",
        worst::STACK_BUDGET
    );
    match worst::run(
        &qemu_bin,
        &defmt_print,
        &root.join(worst::ELF),
        options.timeout,
    ) {
        Err(e) => failures.push(format!("worst cases: {e}")),
        Ok(lines) => {
            let trees = worst::parse(&lines);
            if trees.len() < 2 {
                failures.push(String::from(
                    "worst cases: the chain and the wide tree were not both logged",
                ));
            }
            for tree in &trees {
                let steps: Vec<String> = tree
                    .steps
                    .iter()
                    .map(|(s, b)| format!("{s} {b} B"))
                    .collect();
                println!("  {}: {}", tree.name, steps.join(", "));
                for (step, bytes) in &tree.steps {
                    if *bytes > worst::STACK_BUDGET {
                        failures.push(format!(
                            "worst cases: {} {step} used {bytes} B of stack, over the budget of {} B",
                            tree.name,
                            worst::STACK_BUDGET
                        ));
                    }
                }
            }
        }
    }

    print_sizes(&elf);

    println!("\n== outputs in {}", out.display());
    for name in OUTPUTS {
        let path = out.join(name);
        if path.exists() {
            println!("  {}", path.display());
        }
    }

    if failures.is_empty() {
        println!("\nqemu: PASS");
        Ok(true)
    } else {
        println!("\nqemu: FAIL");
        for failure in &failures {
            println!("  - {failure}");
        }
        Ok(false)
    }
}

/// Prints the firmware's section sizes and each crate's share of its code.
fn print_sizes(elf: &Path) {
    println!("\n== sizes of {}", elf.display());
    let Some(tool) = size::find_tool() else {
        println!(
            "  SKIPPED: neither llvm-size (rustup component add llvm-tools) nor arm-none-eabi-size is installed"
        );
        return;
    };
    match size::measure(&tool, elf) {
        Ok(sizes) => print!("{}", sizes.report()),
        Err(e) => println!("  SKIPPED: {e}"),
    }
    println!("\n== .text by crate (where the code was inlined to; `cargo xtask size`)");
    match crates::find_nm(&tool) {
        None => println!("  SKIPPED: neither llvm-nm nor arm-none-eabi-nm is installed"),
        Some(nm) => match crates::measure(&nm, elf) {
            Ok(shares) => print!("{}", shares.report()),
            Err(e) => println!("  SKIPPED: {e}"),
        },
    }
}

/// `cargo xtask size`.
fn size_task(options: &SizeOptions) -> Result<bool, String> {
    let root = workspace_root();
    if options.widgets {
        println!(
            "== the flash of each sprig-ui widget (boards/qemu-lm3s6965/src/bin/widget-cost.rs)"
        );
        return widgets::run(&root, options.no_build);
    }
    if !options.no_build {
        // The same build as `cargo xtask qemu`'s, so that the figures agree.
        build_firmware(&root, QemuOptions::default().frames)?;
    }
    let elf = root.join(FIRMWARE_ELF);
    if !elf.is_file() {
        return Err(format!(
            "the firmware {} does not exist; build it (run without --no-build)",
            elf.display()
        ));
    }
    print_sizes(&elf);
    if let Some(baseline) = &options.baseline {
        let tool = size::find_tool().ok_or("no llvm-size or arm-none-eabi-size to compare with")?;
        let nm = crates::find_nm(&tool).ok_or("no llvm-nm or arm-none-eabi-nm to compare with")?;
        let before = crates::measure(&nm, baseline)?;
        let after = crates::measure(&nm, &elf)?;
        let (text_before, text_after) = (
            size::measure(&tool, baseline)?.text,
            size::measure(&tool, &elf)?.text,
        );
        println!(
            "\n== .text by crate: {} (before) and this build (after)",
            baseline.display()
        );
        print!("{}", crates::compare(&before, &after));
        println!(
            "  {:<22} {:>9} {:>9} {:>+9}",
            ".text",
            text_before,
            text_after,
            text_after as i64 - text_before as i64
        );
    }
    Ok(true)
}

fn web_task(options: &WebOptions) -> Result<bool, String> {
    let root = workspace_root();
    let site = web::target_dir(&root).join("web");
    let (raw, gzipped) = web::build_site(&root, &site)?;
    let gzipped = gzipped.map_or("gzip not found".to_owned(), |g| {
        format!("{g} bytes ({:.0} KiB) gzipped", g as f64 / 1024.0)
    });
    println!(
        "built {}: sprig-apps.wasm is {raw} bytes ({:.0} KiB), {gzipped}",
        site.display(),
        raw as f64 / 1024.0
    );
    let mut passed = true;
    if options.check {
        passed = webcheck::run(&root, &site, &web::target_dir(&root).join("web-check"))?;
        println!(
            "browser check: {}",
            if passed { "passed" } else { "FAILED" }
        );
    }
    if options.serve {
        let listener = std::net::TcpListener::bind(("127.0.0.1", options.port))
            .map_err(|e| format!("127.0.0.1:{}: {e}", options.port))?;
        println!(
            "serving {} on http://127.0.0.1:{}/ (Ctrl-C stops)",
            site.display(),
            options.port
        );
        web::serve(site, listener);
    }
    Ok(passed)
}

fn main() -> ExitCode {
    let task = match parse_args(std::env::args().skip(1)) {
        Ok(task) => task,
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match task {
        Task::Help => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Task::Size(options) => match size_task(&options) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Task::Web(options) => match web_task(&options) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Task::Qemu(options) => match qemu_task(&options) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_options() {
        assert_eq!(
            parse_args(args("qemu")),
            Ok(Task::Qemu(QemuOptions::default()))
        );
        assert_eq!(
            parse_args(args("qemu --no-build --frames 5 --out x --timeout 9")),
            Ok(Task::Qemu(QemuOptions {
                no_build: true,
                frames: 5,
                out: Some(PathBuf::from("x")),
                timeout: Duration::from_secs(9),
            }))
        );
        assert_eq!(parse_args(args("")), Ok(Task::Help));
        assert!(parse_args(args("qemu --frames 0")).is_err());
        assert!(parse_args(args("qemu --frames")).is_err());
        assert!(parse_args(args("qemu --bogus")).is_err());
        assert!(parse_args(args("build")).is_err());
    }

    #[test]
    fn parses_web() {
        assert_eq!(
            parse_args(args("web")),
            Ok(Task::Web(WebOptions::default()))
        );
        assert_eq!(
            parse_args(args("web --serve --port 9000 --check")),
            Ok(Task::Web(WebOptions {
                serve: true,
                port: 9000,
                check: true
            }))
        );
        assert!(parse_args(args("web --port 0")).is_err());
        assert!(parse_args(args("web --port")).is_err());
        assert!(parse_args(args("web --frames 3")).is_err());
    }

    #[test]
    fn parses_size() {
        assert_eq!(
            parse_args(args("size")),
            Ok(Task::Size(SizeOptions::default()))
        );
        assert_eq!(
            parse_args(args("size --no-build --baseline old.elf")),
            Ok(Task::Size(SizeOptions {
                no_build: true,
                baseline: Some(PathBuf::from("old.elf")),
                widgets: false,
            }))
        );
        assert_eq!(
            parse_args(args("size --widgets --no-build")),
            Ok(Task::Size(SizeOptions {
                no_build: true,
                baseline: None,
                widgets: true,
            }))
        );
        assert!(parse_args(args("size --widgets --baseline old.elf")).is_err());
        assert!(parse_args(args("size --frames 3")).is_err());
        assert!(parse_args(args("size --no-build x")).is_err());
        assert!(parse_args(args("size --baseline")).is_err());
    }
}
