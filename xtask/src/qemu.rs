//! One run of the firmware in QEMU: its defmt output decoded live; when it reports
//! `SPRIG READY` (and then renders nothing until the host answers) the screen is captured
//! over QMP, then the gamepad's select button (the showcase's key A) is worked step by
//! step, each step waiting for the firmware's answer in the log: a first click arms it
//! (QEMU's gamepad lines read low until a key has been released once; the firmware logs
//! `SPRIG ARMED`), then the key goes down, and up again once the showcase's
//! `Thermostat on_key` hook has logged the press. The firmware then exits.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::logcheck::{hook_call, ready_frames, strip_ansi, ARMED_LINE, INPUT_HOOK};
use crate::qmp::{Qmp, QmpSocket};

/// QEMU's harmless complaint about the board's unused timer, dropped from its stderr.
const QEMU_NOISE: &str = "Timer with period zero, disabling";

/// The gamepad's select button on `lm3s6965evb` (up/down/left/right are the arrows).
const SELECT_KEY: &str = "ctrl";

/// How long the arming click holds the key down, in real time.
const KEY_HOLD: Duration = Duration::from_millis(50);

/// What to run and where to put the results.
pub struct Session<'a> {
    /// `qemu-system-arm`.
    pub qemu: &'a Path,
    /// `defmt-print`.
    pub defmt_print: &'a Path,
    /// The firmware.
    pub elf: &'a Path,
    /// Output folder: `defmt.bin`, `log.txt`, `qemu.ppm`.
    pub out: &'a Path,
    /// Longest the whole run may take.
    pub timeout: Duration,
}

/// What happened in a run that finished.
pub struct Outcome {
    /// QEMU's exit status: the firmware's, through semihosting.
    pub status: ExitStatus,
    /// Decoded log lines, colours removed.
    pub lines: Vec<String>,
    /// QEMU's stderr lines, noise removed.
    pub stderr: Vec<String>,
    /// The `SPRIG READY` line's frame count, if the line came (`Some(None)`: no count).
    pub ready: Option<Option<u32>>,
    /// The screen capture and key press, if READY came: where the screen went, or why
    /// the capture failed.
    pub capture: Option<Result<PathBuf, String>>,
    /// Things that went wrong without spoiling the run (the key release, say).
    pub warnings: Vec<String>,
    /// `defmt-print`'s exit status.
    pub defmt_status: Option<ExitStatus>,
}

/// Waits for `child` until `deadline`; `None` if it is still running then.
fn wait_until(child: &mut Child, deadline: Instant) -> Result<Option<ExitStatus>, String> {
    loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| format!("waiting for a child: {e}"))?
        {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Kills `child` (if still running) and reaps it.
fn kill(child: &mut Child) {
    if let Ok(None) = child.try_wait() {
        let _ = child.kill();
    }
    let _ = child.wait();
}

/// Copies QEMU's stdout to `raw` and to `defmt-print`'s stdin (until that closes).
fn spawn_pump(
    mut from: ChildStdout,
    mut raw: BufWriter<File>,
    raw_path: PathBuf,
    to: std::process::ChildStdin,
) -> JoinHandle<Result<u64, String>> {
    thread::spawn(move || {
        let mut to = Some(to);
        let mut buffer = [0u8; 4096];
        let mut total = 0u64;
        loop {
            let n = match from.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(format!("reading QEMU's output: {e}")),
            };
            raw.write_all(&buffer[..n])
                .and_then(|()| raw.flush())
                .map_err(|e| format!("writing {}: {e}", raw_path.display()))?;
            if let Some(stdin) = to.as_mut() {
                if stdin.write_all(&buffer[..n]).is_err() {
                    // defmt-print has gone; keep recording the raw bytes.
                    to = None;
                }
            }
            total += n as u64;
        }
        // Dropping `to` closes defmt-print's stdin, so that it finishes.
        Ok(total)
    })
}

/// Reads `from` line by line (bytes that are not UTF-8 replaced, line ends removed),
/// passing each line to `each` until it returns `false` or the input ends.
fn for_each_line(from: impl Read, mut each: impl FnMut(&str) -> bool) {
    let mut reader = BufReader::new(from);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if !each(String::from_utf8_lossy(&buffer).trim_end_matches(['\n', '\r'])) {
                    break;
                }
            }
        }
    }
}

/// Sends `defmt-print`'s output lines, colours removed, to `tx`.
fn spawn_lines(from: ChildStdout, tx: mpsc::Sender<String>) -> JoinHandle<()> {
    thread::spawn(move || for_each_line(from, |line| tx.send(strip_ansi(line)).is_ok()))
}

/// Prints QEMU's stderr lines but the noise, and returns them.
fn spawn_stderr(from: ChildStderr) -> JoinHandle<Vec<String>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        for_each_line(from, |line| {
            if !line.contains(QEMU_NOISE) {
                eprintln!("qemu: {line}");
                kept.push(line.to_string());
            }
            true
        });
        kept
    })
}

/// Where the key protocol after `SPRIG READY` stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeyStep {
    /// Waiting for `SPRIG ARMED`, to press the key.
    AwaitArmed,
    /// The key is down: waiting for the showcase's `Thermostat on_key`, to release it.
    AwaitPress,
    /// Released: the firmware exits.
    Done,
}

/// Captures the screen to `ppm` and clicks the select key once (arming it), over QMP
/// at `socket`; returns the connection for the next steps.
fn capture(socket: &Path, ppm: &Path, timeout: Duration) -> Result<QmpSocket, String> {
    let mut qmp = Qmp::connect(socket, timeout)?;
    qmp.handshake()?;
    qmp.screendump(ppm)?;
    if !ppm.is_file() {
        return Err(format!(
            "QMP screendump returned but {} is missing",
            ppm.display()
        ));
    }
    qmp.key(SELECT_KEY, true)?;
    thread::sleep(KEY_HOLD);
    qmp.key(SELECT_KEY, false)?;
    Ok(qmp)
}

/// The next key step for a log `line`, sending the key event it calls for.
fn next_key_step(qmp: &mut QmpSocket, step: KeyStep, line: &str) -> Result<KeyStep, String> {
    match step {
        KeyStep::AwaitArmed if line.contains(ARMED_LINE) => {
            qmp.key(SELECT_KEY, true)?;
            Ok(KeyStep::AwaitPress)
        }
        KeyStep::AwaitPress if hook_call(line) == Some(INPUT_HOOK) => {
            qmp.key(SELECT_KEY, false)?;
            Ok(KeyStep::Done)
        }
        _ => Ok(step),
    }
}

/// Runs the firmware. Errors are failures to run at all, a `defmt-print` that fails
/// while QEMU runs, and the timeout (QEMU is killed then); a firmware that fails
/// shows in the [`Outcome`].
pub fn run(session: &Session) -> Result<Outcome, String> {
    let started = Instant::now();
    let deadline = started + session.timeout;
    let socket = std::env::temp_dir().join(format!("sprig-xtask-qmp-{}.sock", std::process::id()));
    let _ = std::fs::remove_file(&socket);
    let ppm = std::path::absolute(session.out.join("qemu.ppm"))
        .map_err(|e| format!("{}: {e}", session.out.display()))?;
    if ppm.exists() {
        std::fs::remove_file(&ppm)
            .map_err(|e| format!("removing the old {}: {e}", ppm.display()))?;
    }
    let raw_path = session.out.join("defmt.bin");
    let raw = File::create(&raw_path).map_err(|e| format!("{}: {e}", raw_path.display()))?;
    let log_path = session.out.join("log.txt");
    let mut log = BufWriter::new(
        File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?,
    );

    let mut defmt = Command::new(session.defmt_print)
        .arg("-e")
        .arg(session.elf)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("starting {}: {e}", session.defmt_print.display()))?;
    let mut qemu_command = Command::new(session.qemu);
    qemu_command
        .args([
            "-M",
            "lm3s6965evb",
            "-display",
            "none",
            "-serial",
            "none",
            "-monitor",
            "none",
        ])
        .args(["-semihosting-config", "enable=on,target=native"])
        .args(["-icount", "shift=5,align=off,sleep=off"])
        .arg("-qmp")
        .arg(format!("unix:{},server=on,wait=off", socket.display()))
        .arg("-kernel")
        .arg(session.elf)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut qemu = match qemu_command.spawn() {
        Ok(child) => child,
        Err(e) => {
            kill(&mut defmt);
            return Err(format!("starting {}: {e}", session.qemu.display()));
        }
    };
    let (Some(qemu_out), Some(qemu_err), Some(defmt_in), Some(defmt_out)) = (
        qemu.stdout.take(),
        qemu.stderr.take(),
        defmt.stdin.take(),
        defmt.stdout.take(),
    ) else {
        kill(&mut qemu);
        kill(&mut defmt);
        return Err(String::from("the children's pipes were not set up"));
    };
    let pump = spawn_pump(qemu_out, BufWriter::new(raw), raw_path.clone(), defmt_in);
    let (tx, rx) = mpsc::channel();
    let lines_thread = spawn_lines(defmt_out, tx);
    let stderr_thread = spawn_stderr(qemu_err);

    let mut lines = Vec::new();
    let mut ready = None;
    let mut capture_result = None;
    let mut keys: Option<(QmpSocket, KeyStep)> = None;
    let mut warnings = Vec::new();
    let mut failure = None;
    loop {
        let now = Instant::now();
        if now >= deadline {
            failure = Some(format!(
                "timed out after {} s ({}); QEMU was killed",
                session.timeout.as_secs(),
                if ready.is_some() {
                    "SPRIG READY came, but QEMU did not exit"
                } else {
                    "SPRIG READY never came"
                }
            ));
            break;
        }
        match rx.recv_timeout((deadline - now).min(Duration::from_millis(200))) {
            Ok(line) => {
                println!("{line}");
                if let Err(e) = writeln!(log, "{line}") {
                    failure = Some(format!(
                        "writing {}: {e}; QEMU was killed",
                        log_path.display()
                    ));
                    break;
                }
                if let Some((qmp, step)) = keys.as_mut() {
                    match next_key_step(qmp, *step, &line) {
                        Ok(next) => *step = next,
                        Err(e) => {
                            warnings.push(format!("the gamepad key: {e}"));
                            keys = None;
                        }
                    }
                }
                if ready.is_none() {
                    if let Some(frames) = ready_frames(&line) {
                        ready = Some(frames);
                        let qmp_timeout = deadline
                            .saturating_duration_since(Instant::now())
                            .min(Duration::from_secs(30));
                        match capture(&socket, &ppm, qmp_timeout) {
                            Ok(qmp) => {
                                keys = Some((qmp, KeyStep::AwaitArmed));
                                capture_result = Some(Ok(ppm.clone()));
                            }
                            Err(e) => {
                                eprintln!("error: capturing the screen: {e}");
                                capture_result = Some(Err(e));
                                // The firmware would wait for its key in vain.
                                kill(&mut qemu);
                            }
                        }
                    }
                }
                lines.push(line);
            }
            Err(RecvTimeoutError::Timeout) => {}
            // defmt-print's output has ended: QEMU has exited, or defmt-print has failed.
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    drop(keys);
    if let Err(e) = log.flush() {
        failure.get_or_insert(format!(
            "writing {}: {e}; QEMU was killed",
            log_path.display()
        ));
    }

    let status = match failure {
        Some(_) => None,
        None => {
            // If defmt-print failed on its own, QEMU would run on unheard: stop it.
            // Its output has ended, so it is exiting, or has.
            let soon = Instant::now() + Duration::from_secs(2);
            if let Ok(Some(defmt_status)) = wait_until(&mut defmt, soon.min(deadline)) {
                if !defmt_status.success() {
                    if let Ok(None) = qemu.try_wait() {
                        failure = Some(format!(
                            "defmt-print failed ({defmt_status}) while QEMU was running; QEMU was killed"
                        ));
                    }
                }
            }
            match failure {
                Some(_) => None,
                None => match wait_until(&mut qemu, deadline) {
                    Ok(status) => status,
                    Err(e) => {
                        failure = Some(e);
                        None
                    }
                },
            }
        }
    };
    let status = match status {
        Some(status) => status,
        None => {
            kill(&mut qemu);
            kill(&mut defmt);
            let _ = pump.join();
            let _ = lines_thread.join();
            let _ = stderr_thread.join();
            let _ = std::fs::remove_file(&socket);
            return Err(failure.unwrap_or_else(|| {
                format!(
                    "QEMU did not exit within {} s; it was killed",
                    session.timeout.as_secs()
                )
            }));
        }
    };
    let pumped = pump
        .join()
        .map_err(|_| String::from("the output copying thread panicked"))?;
    let defmt_status = wait_until(&mut defmt, Instant::now() + Duration::from_secs(10))?;
    if defmt_status.is_none() {
        kill(&mut defmt);
    }
    let _ = lines_thread.join();
    // Lines decoded after the channel was last read (none, normally).
    for line in rx.try_iter() {
        println!("{line}");
        writeln!(log, "{line}").map_err(|e| format!("writing {}: {e}", log_path.display()))?;
        lines.push(line);
    }
    log.flush()
        .map_err(|e| format!("writing {}: {e}", log_path.display()))?;
    let stderr = stderr_thread
        .join()
        .map_err(|_| String::from("the stderr thread panicked"))?;
    let _ = std::fs::remove_file(&socket);
    pumped?;
    Ok(Outcome {
        status,
        lines,
        stderr,
        ready,
        capture: capture_result,
        warnings,
        defmt_status,
    })
}
