//! Checks on the firmware's decoded defmt log: the lifecycle hooks it traced, one report
//! line per frame, the `SPRIG READY` line, and after it the gamepad's key A reaching the
//! showcase (`Thermostat on_key`, then `SPRIG INPUT`).

use std::collections::BTreeSet;

/// The hooks that must appear at least once.
pub const REQUIRED_HOOKS: [&str; 4] = ["on_load", "on_enable", "start", "update"];

/// The hook key A reaches in the showcase (the thermostat moves to its next mode),
/// required after `SPRIG READY`: component, hook.
pub const INPUT_HOOK: (&str, &str) = ("Thermostat", "on_key");

/// The line the firmware logs once the arming click has come (and it will render
/// again).
pub const ARMED_LINE: &str = "SPRIG ARMED";

/// The line the firmware logs once key A has been pressed and released.
pub const INPUT_LINE: &str = "SPRIG INPUT";

/// Removes ANSI escape sequences (colours), in case `defmt-print` adds them.
pub fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                // Parameters and intermediates, up to the final byte (@..=~).
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The frame count of a `SPRIG READY frames=<n>` line; `Some(None)` when the line says
/// `SPRIG READY` without a readable count, `None` for other lines.
pub fn ready_frames(line: &str) -> Option<Option<u32>> {
    let rest = &line[line.find("SPRIG READY")? + "SPRIG READY".len()..];
    Some(
        rest.split_whitespace()
            .find_map(|word| word.strip_prefix("frames="))
            .and_then(|n| n.parse().ok()),
    )
}

/// The component and hook of a `hook <frame> <node> <component> <hook>` line.
pub fn hook_call(line: &str) -> Option<(&str, &str)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|&w| w == "hook")?;
    match words.get(i + 1..i + 5) {
        Some([frame, _node, component, hook]) if frame.parse::<u32>().is_ok() => {
            Some((component, hook))
        }
        _ => None,
    }
}

/// The frame number of a `frame <n> dt=…` report line.
pub fn frame_report(line: &str) -> Option<u32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(3).find_map(|w| match w {
        ["frame", n, dt] if dt.starts_with("dt=") => n.parse().ok(),
        _ => None,
    })
}

/// Whether a line belongs in the summary: costs, the worst frames, RAM, sizes and hook
/// errors.
pub fn is_summary(line: &str) -> bool {
    line.contains("size")
        || line.contains("hook errors")
        || line.contains("worst frames")
        || line.contains("% over the last")
        || line.contains("wfi wake-ups")
        || line
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .any(|w| w == "cost" || w.eq_ignore_ascii_case("ram"))
}

/// What the log shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogReport {
    /// Hook names seen.
    pub hooks: BTreeSet<String>,
    /// Frame numbers with a report line.
    pub frames: BTreeSet<u32>,
    /// The READY line's frame count (`Some(None)`: READY without a count).
    pub ready: Option<Option<u32>>,
    /// Component and hook pairs seen after the READY line.
    pub after_ready: BTreeSet<(String, String)>,
    /// Whether the `SPRIG INPUT` line came.
    pub input: bool,
}

impl LogReport {
    /// Reads `lines` (decoded, without colours).
    pub fn read<S: AsRef<str>>(lines: &[S]) -> Self {
        let mut report = LogReport::default();
        for line in lines {
            let line = line.as_ref();
            if let Some((component, hook)) = hook_call(line) {
                report.hooks.insert(hook.to_string());
                if report.ready.is_some() {
                    report
                        .after_ready
                        .insert((component.to_string(), hook.to_string()));
                }
            }
            report.input |= line.contains(INPUT_LINE);
            if let Some(frame) = frame_report(line) {
                report.frames.insert(frame);
            }
            if report.ready.is_none() {
                report.ready = ready_frames(line);
            }
        }
        report
    }

    /// What is missing for a run of `frames` frames (numbered from 0); empty when all is
    /// there.
    pub fn problems(&self, frames: u32) -> Vec<String> {
        let mut problems = Vec::new();
        for hook in REQUIRED_HOOKS {
            if !self.hooks.contains(hook) {
                problems.push(format!("no `hook … {hook}` line"));
            }
        }
        let missing: Vec<u32> = (0..frames).filter(|f| !self.frames.contains(f)).collect();
        if !missing.is_empty() {
            let shown: Vec<String> = missing.iter().take(10).map(u32::to_string).collect();
            problems.push(format!(
                "{} of {frames} frames have no `frame <n> dt=…` report line (frames {}{})",
                missing.len(),
                shown.join(", "),
                if missing.len() > shown.len() {
                    ", …"
                } else {
                    ""
                }
            ));
        }
        match self.ready {
            None => problems.push(String::from("no `SPRIG READY` line")),
            Some(None) => problems.push(String::from("the `SPRIG READY` line has no frames=<n>")),
            Some(Some(n)) if n != frames => problems.push(format!(
                "the firmware ran {n} frames (SPRIG READY frames={n}), {frames} were asked for"
            )),
            Some(Some(_)) => {}
        }
        let (component, hook) = INPUT_HOOK;
        if !self
            .after_ready
            .contains(&(component.to_string(), hook.to_string()))
        {
            problems.push(format!(
                "no `hook … {component} {hook}` line after SPRIG READY: the gamepad's key A did not reach the showcase"
            ));
        }
        if !self.input {
            problems.push(format!("no `{INPUT_LINE}` line"));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(frames: u32) -> Vec<String> {
        let mut lines = vec![
            String::from("0.000000 INFO  hook 0 Planet Orbit on_load"),
            String::from("0.000000 INFO  hook 0 Planet Orbit on_enable"),
            String::from("0.000100 INFO  hook 0 Planet Orbit start"),
            String::from("0.000100 INFO  hook 0 Planet Orbit update"),
        ];
        for f in 0..frames {
            lines.push(format!(
                "0.{f:06} INFO  frame {f} dt=0.033333335 events=0 ticks: input=1 tick=2"
            ));
        }
        lines.push(String::from(
            "2.000000 INFO  cost of frame 0 (whole screen), instructions: tick 1",
        ));
        lines.push(format!("2.000000 INFO  SPRIG READY frames={frames}"));
        lines.push(String::from(
            "2.100000 INFO  hook 64 Thermostat Thermostat on_key",
        ));
        lines.push(String::from(
            "2.100000 INFO  SPRIG INPUT key A pressed and released by frame 65",
        ));
        lines
    }

    #[test]
    fn a_complete_log_passes() {
        let report = LogReport::read(&log(3));
        assert_eq!(report.frames.len(), 3);
        assert_eq!(report.ready, Some(Some(3)));
        assert!(report.problems(3).is_empty(), "{:?}", report.problems(3));
    }

    #[test]
    fn the_input_hook_counts_only_after_ready() {
        let mut lines = log(3);
        let spin = lines.remove(lines.len() - 2);
        lines.insert(0, spin);
        let problems = LogReport::read(&lines).problems(3);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("did not reach the showcase"));
    }

    #[test]
    fn missing_parts_are_reported() {
        let mut lines = log(3);
        lines.retain(|l| !l.contains("start") && !l.contains("frame 1 "));
        lines.truncate(lines.len() - 3);
        let problems = LogReport::read(&lines).problems(3);
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(problems[0].contains("start"));
        assert!(problems[1].contains("frames 1"));
        assert!(problems[2].contains("SPRIG READY"));
        assert!(problems[3].contains("Thermostat on_key"));
        assert!(problems[4].contains("SPRIG INPUT"));
        let problems = LogReport::read(&log(2)).problems(3);
        assert!(
            problems.iter().any(|p| p.contains("frames=2")),
            "{problems:?}"
        );
    }

    #[test]
    fn line_parsers() {
        assert_eq!(
            hook_call("1 INFO hook 12 Moon Spin on_destroy"),
            Some(("Spin", "on_destroy"))
        );
        assert_eq!(hook_call("hook errors: 0, bytes sent"), None);
        assert_eq!(frame_report("INFO  frame 7 dt=0.03 ticks: x"), Some(7));
        assert_eq!(frame_report("ERROR frame 7 failed: x"), None);
        assert_eq!(frame_report("cost of frame 0 (whole screen)"), None);
        assert_eq!(
            ready_frames("0.5 INFO  SPRIG READY frames=60"),
            Some(Some(60))
        );
        assert_eq!(ready_frames("SPRIG READY"), Some(None));
        assert_eq!(ready_frames("frame 1"), None);
        assert!(is_summary("INFO  ram: world 1 B"));
        assert!(is_summary("INFO  cost per frame"));
        assert!(is_summary("hook errors: 0"));
        assert!(is_summary("INFO  worst frames (frame: ticks): input 3: 10"));
        assert!(!is_summary("INFO  frame 1 dt=0.03 program"));
        assert!(is_summary(
            "INFO  busy 61.2% over the last 30 frames (0 still): the processor slept the rest"
        ));
        assert_eq!(strip_ansi("\u{1b}[32mINFO\u{1b}[0m hi"), "INFO hi");
    }
}
