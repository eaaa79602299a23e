//! The stack's worst cases on the emulated board: runs the board's `worst-case` firmware
//! (the deepest and the widest tree its world holds, each activated, rendered,
//! deactivated and destroyed) and checks every step's stack high-water mark against the
//! budget the README states.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The stack one step may use, in bytes, whatever the tree's shape.
pub const STACK_BUDGET: usize = 2048;

/// The worst-case firmware, built with the showcase's.
pub const ELF: &str = "target/boards/thumbv7m-none-eabi/release/worst-case";

/// One logged tree: its name and `(step, bytes)` for each step.
#[derive(Debug, PartialEq)]
pub struct Tree {
    pub name: String,
    pub steps: Vec<(String, usize)>,
}

/// Reads `worst case <tree> of <n> nodes: <step> <bytes> B, …` lines.
pub fn parse(lines: &[String]) -> Vec<Tree> {
    lines
        .iter()
        .filter_map(|line| {
            let rest = &line[line.find("worst case ")? + "worst case ".len()..];
            let (head, steps) = rest.split_once(": ")?;
            let steps = steps
                .split(", ")
                .map(|step| {
                    let mut words = step.split_whitespace();
                    let name = words.next()?.to_owned();
                    let bytes = words.next()?.parse().ok()?;
                    Some((name, bytes))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Tree {
                name: head.to_owned(),
                steps,
            })
        })
        .collect()
}

/// Runs the firmware `elf` in QEMU, its log decoded by `defmt_print`; the log's lines
/// (also used for `cargo xtask size --widgets`' firmware).
pub fn run(
    qemu: &Path,
    defmt_print: &Path,
    elf: &Path,
    timeout: Duration,
) -> Result<Vec<String>, String> {
    let mut emulator = Command::new(qemu)
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
        .arg("-kernel")
        .arg(elf)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting {}: {e}", qemu.display()))?;
    let Some(raw) = emulator.stdout.take() else {
        let _ = emulator.kill();
        return Err(String::from("QEMU's output pipe was not set up"));
    };
    let decoder = Command::new(defmt_print)
        .arg("-e")
        .arg(elf)
        .env("NO_COLOR", "1")
        .stdin(Stdio::from(raw))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("starting {}: {e}", defmt_print.display()))?;
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = emulator.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > timeout {
            let _ = emulator.kill();
            return Err(format!(
                "{} ran past {} s",
                elf.display(),
                timeout.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let output = decoder.wait_with_output().map_err(|e| e.to_string())?;
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    if !status.success() {
        return Err(format!(
            "{} exited with {status}; its log:\n{}",
            elf.display(),
            lines.join("\n")
        ));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_worst_case_lines() {
        let lines = [
            "0.1 INFO  worst case chain of 95 nodes: activate 216 B, render 940 B, deactivate 124 B, destroy 124 B",
            "0.2 INFO  SPRIG WORST DONE",
        ]
        .map(String::from);
        assert_eq!(
            parse(&lines),
            [Tree {
                name: String::from("chain of 95 nodes"),
                steps: vec![
                    (String::from("activate"), 216),
                    (String::from("render"), 940),
                    (String::from("deactivate"), 124),
                    (String::from("destroy"), 124),
                ],
            }]
        );
    }
}
