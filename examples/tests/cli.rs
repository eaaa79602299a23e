//! The example apps' command lines as a user meets them: what `--trace` prints, what
//! `--panel` does on an app with one panel, and what `--help` tells.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs an example app's binary with `args`, writing any PNG under a folder of the
/// test's own.
fn app(name: &str, exe: &str, args: &[&str]) -> Output {
    let out: PathBuf =
        std::env::temp_dir().join(format!("sprig-cli-{name}-{}", std::process::id()));
    let output = Command::new(exe)
        .args(args)
        .arg("--out")
        .arg(&out)
        .env_remove("DISPLAY")
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"));
    let _ = std::fs::remove_dir_all(&out);
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn trace_shows_the_hooks_of_the_build_with_no_call_in_the_app_for_it() {
    let run = app(
        "trace",
        env!("CARGO_BIN_EXE_breakout"),
        &["--headless", "--frames", "1", "--trace"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let stdout = text(&run.stdout);
    // The wall's `on_load` runs while `build_breakout` adds it, before the first frame.
    let build = stdout
        .split("Hooks other than update/late_update")
        .next()
        .unwrap_or_default();
    assert!(
        build.contains("Wall       Wall         on_load"),
        "no build hook in:\n{stdout}"
    );
}

#[test]
fn panel_on_an_app_with_one_panel_is_an_error() {
    for (name, exe) in [
        ("hello", env!("CARGO_BIN_EXE_hello")),
        ("breakout", env!("CARGO_BIN_EXE_breakout")),
    ] {
        let run = app(
            name,
            exe,
            &["--headless", "--frames", "1", "--panel", "color"],
        );
        assert_eq!(run.status.code(), Some(2), "{name}");
        let stderr = text(&run.stderr);
        assert!(
            stderr.contains("error: this app runs on one panel: '--panel' does not apply"),
            "{name}: {stderr}"
        );
        assert!(run.stdout.is_empty(), "{name} ran: {}", text(&run.stdout));
    }
    // The showcase offers the three.
    let run = app(
        "showcase",
        env!("CARGO_BIN_EXE_showcase"),
        &["--headless", "--frames", "1", "--panel", "wide"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("320×240 RGB565 panel"));
}

#[test]
fn lang_zh_speaks_chinese_on_the_colour_panels_and_is_refused_on_the_oled() {
    let run = app(
        "zh",
        env!("CARGO_BIN_EXE_showcase"),
        &[
            "--headless",
            "--frames",
            "1",
            "--panel",
            "color",
            "--lang",
            "zh",
        ],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("In Chinese: its four fonts hold"));
    // On the OLED: a plain error, and no frame.
    let run = app(
        "zh-oled",
        env!("CARGO_BIN_EXE_showcase"),
        &["--headless", "--frames", "1", "--lang", "zh"],
    );
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("--lang zh needs a colour panel"),
        "{}",
        text(&run.stderr)
    );
    assert!(
        !text(&run.stdout).contains("frames ("),
        "{}",
        text(&run.stdout)
    );
    // An unknown language: a usage error naming the choices.
    let run = app(
        "xx",
        env!("CARGO_BIN_EXE_showcase"),
        &["--headless", "--lang", "fr"],
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("[possible values: en, zh]"),
        "{}",
        text(&run.stderr)
    );
}
