//! `cargo xtask size --widgets`: the flash each `sprig-ui` widget costs on the emulated
//! board. The board's `widget-cost` firmware is built once per widget
//! (`SPRIG_WIDGET_COST=<name>`, chosen at compile time so that only that widget's code
//! is linked), each ELF is measured with `llvm-size -A` and compared with the build it
//! adds to (the baseline, a world of shapes and labels; the text area for the keyboard),
//! and each runs in QEMU, which checks that it set its widget up without a hook error.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::size::{self, Sizes};

/// The firmware crate, relative to the workspace root.
const BOARD_DIR: &str = "boards/qemu-lm3s6965";
/// Where the board's build leaves the ELF, relative to the workspace root.
const ELF: &str = "target/boards/thumbv7m-none-eabi/release/widget-cost";
/// Where each build's ELF is kept, as `<name>.elf`, relative to the workspace root.
pub const KEPT: &str = "target/widget-cost";

/// One build of the firmware.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// `SPRIG_WIDGET_COST`.
    pub name: &'static str,
    /// The widget, as the table names it.
    pub widget: &'static str,
    /// The variant this one is compared with.
    pub over: &'static str,
    /// The board's features it is built with.
    pub features: &'static str,
}

const fn widget(name: &'static str, widget: &'static str) -> Variant {
    Variant {
        name,
        widget,
        over: "baseline",
        features: "widget-cost",
    }
}

/// Every build, the baseline first, then the widgets in the order of the table.
pub const VARIANTS: [Variant; 23] = [
    widget("baseline", "baseline (Shape, Label)"),
    widget("button", "Button"),
    widget("toggle", "Toggle"),
    widget("slider", "Slider"),
    widget("list", "List"),
    widget("focusgroup", "FocusGroup"),
    widget("checkbox", "Checkbox"),
    widget("spinbox", "Spinbox"),
    widget("dropdown", "Dropdown (+ Backdrop)"),
    widget("roller", "Roller (+ Clip)"),
    widget("led", "Led"),
    widget("spinner", "Spinner"),
    Variant {
        features: "widget-cost,arc",
        ..widget("arc", "Arc (feature arc)")
    },
    widget("scale", "Scale"),
    widget("chart", "Chart<24>"),
    widget("textarea", "TextArea (+ Clip, Label<64>)"),
    Variant {
        over: "textarea",
        ..widget("keyboard", "Keyboard")
    },
    widget("screenstack", "ScreenStack (+ Tween, BlockInput)"),
    widget(
        "messagebox",
        "MessageBox (+ Button, FocusGroup, BlockInput)",
    ),
    widget("tween", "Tween"),
    widget("table", "Table<4, 3> (+ Clip)"),
    widget("tabview", "TabView, two pages (+ Clip)"),
    widget("tileview", "Tileview, two tiles (+ Clip)"),
];

/// What one widget adds to the build it is compared with, in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The widget, as the table names it.
    pub widget: &'static str,
    /// The variant it is compared with.
    pub over: &'static str,
    /// Flash: vector table, `.text`, `.rodata` and `.data`.
    pub flash: i64,
    /// `.text` alone.
    pub text: i64,
    /// `.bss`: the world's extra component slots (and any other static RAM).
    pub bss: i64,
}

/// The rows of the table, one per measured variant but the baseline, in `measured`'s
/// order. A variant compared with one that was not measured is an error.
pub fn rows(measured: &[(Variant, Sizes)]) -> Result<Vec<Row>, String> {
    let sizes_of = |name: &str| {
        measured
            .iter()
            .find(|(v, _)| v.name == name)
            .map(|(_, s)| *s)
            .ok_or_else(|| format!("{name} was not measured"))
    };
    measured
        .iter()
        .filter(|(v, _)| v.name != "baseline")
        .map(|(v, after)| {
            let before = sizes_of(v.over)?;
            let delta = |a: u64, b: u64| a as i64 - b as i64;
            Ok(Row {
                widget: v.widget,
                over: v.over,
                flash: delta(after.flash(), before.flash()),
                text: delta(after.text, before.text),
                bss: delta(after.bss, before.bss),
            })
        })
        .collect()
}

/// The table: the baseline's own sizes, then one line per row.
pub fn table(baseline: &Sizes, rows: &[Row]) -> String {
    let mut text = format!(
        "  {:<46} {:>10} {:>10} {:>10}\n",
        "widget", "flash", ".text", ".bss"
    );
    text += &format!(
        "  {:<46} {:>10} {:>10} {:>10}\n",
        "baseline (Shape, Label), whole firmware",
        baseline.flash(),
        baseline.text,
        baseline.bss
    );
    for row in rows {
        let name = if row.over == "baseline" {
            row.widget.to_owned()
        } else {
            format!("{} (over {})", row.widget, row.over)
        };
        text += &format!(
            "  {name:<46} {:>+10} {:>+10} {:>+10}\n",
            row.flash, row.text, row.bss
        );
    }
    text
}

/// Builds `variant` (quietly) in the board's folder.
fn build(root: &Path, variant: &Variant) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
    let dir = root.join(BOARD_DIR);
    let args = [
        "build",
        "--quiet",
        "--release",
        "--features",
        variant.features,
        "--bin",
        "widget-cost",
    ];
    let status = Command::new(&cargo)
        .args(args)
        .current_dir(&dir)
        .env("SPRIG_WIDGET_COST", variant.name)
        // The board's own `.cargo/config.toml` puts the ELF where ELF says.
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| format!("running {} in {}: {e}", cargo.display(), dir.display()))?;
    if !status.success() {
        return Err(format!(
            "SPRIG_WIDGET_COST={} cargo {} failed ({status}) in {BOARD_DIR}",
            variant.name,
            args.join(" ")
        ));
    }
    Ok(())
}

/// Whether the firmware's log says `name` ran: its `widget cost <name>: …, 0 hook
/// errors` line.
pub fn ran_clean(lines: &[String], name: &str) -> bool {
    let head = format!("widget cost {name}: ");
    lines
        .iter()
        .any(|line| line.contains(&head) && line.ends_with(" 0 hook errors"))
}

/// `cargo xtask size --widgets`: builds (unless `no_build`), measures and runs every
/// variant, prints the table. `Ok(false)` when a firmware did not run cleanly, or a
/// widget took less flash than the build it adds to (a sign that the firmware links
/// more than the widget it was asked for).
pub fn run(root: &Path, no_build: bool) -> Result<bool, String> {
    let started = Instant::now();
    let tool = size::find_tool().ok_or(
        "neither llvm-size (rustup component add llvm-tools) nor arm-none-eabi-size is installed",
    )?;
    let kept = root.join(KEPT);
    std::fs::create_dir_all(&kept).map_err(|e| format!("creating {}: {e}", kept.display()))?;
    let emulator = crate::find_on_path("qemu-system-arm").zip(crate::find_defmt_print());
    if emulator.is_none() {
        println!("  (not run: qemu-system-arm or defmt-print not found; built and measured only)");
    }
    let mut measured = Vec::new();
    let mut failures = Vec::new();
    for variant in &VARIANTS {
        let elf = kept.join(format!("{}.elf", variant.name));
        let step = Instant::now();
        if !no_build {
            build(root, variant)?;
            std::fs::copy(root.join(ELF), &elf)
                .map_err(|e| format!("copying {ELF} to {}: {e}", elf.display()))?;
        }
        let sizes = size::measure(&tool, &elf)?;
        let ran = match &emulator {
            None => "not run",
            Some((qemu, defmt_print)) => {
                match crate::worst::run(qemu, defmt_print, &elf, Duration::from_secs(30)) {
                    Ok(lines) if ran_clean(&lines, variant.name) => "ran, 0 hook errors",
                    Ok(lines) => {
                        failures.push(format!("{}: {}", variant.name, lines.join(" | ")));
                        "ran: FAILED"
                    }
                    Err(e) => {
                        failures.push(format!("{}: {e}", variant.name));
                        "FAILED"
                    }
                }
            }
        };
        println!(
            "  {:<12} flash {:>7}  .text {:>7}  .bss {:>6}  {ran} ({:.1} s)",
            variant.name,
            sizes.flash(),
            sizes.text,
            sizes.bss,
            step.elapsed().as_secs_f64()
        );
        measured.push((*variant, sizes));
    }
    let baseline = measured
        .first()
        .map(|(_, s)| *s)
        .ok_or("no baseline measured")?;
    println!(
        "\n== what each widget adds, in bytes (ELFs in {})",
        kept.display()
    );
    let rows = rows(&measured)?;
    print!("{}", table(&baseline, &rows));
    println!(
        "\n{} firmware {} in {:.0} s",
        measured.len(),
        if no_build {
            "ELFs measured"
        } else {
            "builds measured"
        },
        started.elapsed().as_secs_f64()
    );
    for row in rows.iter().filter(|row| row.flash < 0) {
        failures.push(format!(
            "{} takes less flash than {} ({} B): is the widget still chosen in a const block?",
            row.widget, row.over, row.flash
        ));
    }
    for failure in &failures {
        println!("FAILED {failure}");
    }
    Ok(failures.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(text: u64, rodata: u64, bss: u64) -> Sizes {
        Sizes {
            vector_table: 1024,
            text,
            rodata,
            data: 8,
            bss,
        }
    }

    #[test]
    fn rows_compare_each_widget_with_what_it_adds_to() {
        let measured = [
            (VARIANTS[0], sizes(20_000, 3_000, 9_000)),
            (VARIANTS[1], sizes(22_500, 3_100, 9_060)),
            (VARIANTS[15], sizes(30_000, 4_000, 9_500)),
            (VARIANTS[16], sizes(33_000, 4_200, 9_400)),
        ];
        let rows = rows(&measured).expect("every variant's reference measured");
        assert_eq!(
            rows,
            [
                Row {
                    widget: "Button",
                    over: "baseline",
                    flash: 2_600,
                    text: 2_500,
                    bss: 60
                },
                Row {
                    widget: "TextArea (+ Clip, Label<64>)",
                    over: "baseline",
                    flash: 11_000,
                    text: 10_000,
                    bss: 500
                },
                Row {
                    widget: "Keyboard",
                    over: "textarea",
                    flash: 3_200,
                    text: 3_000,
                    bss: -100
                },
            ]
        );
        let table = table(&measured[0].1, &rows);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 5);
        assert!(lines[1].ends_with("24032      20000       9000"), "{table}");
        assert!(
            lines[4].starts_with("  Keyboard (over textarea)")
                && lines[4].ends_with("+3200      +3000       -100"),
            "{table}"
        );
    }

    #[test]
    fn a_reference_not_measured_is_an_error() {
        let measured = [(VARIANTS[16], sizes(1, 1, 1))];
        assert!(rows(&measured).is_err());
    }

    #[test]
    fn the_variants_are_unique_and_their_references_come_first() {
        for (i, v) in VARIANTS.iter().enumerate() {
            assert!(VARIANTS[..i].iter().all(|w| w.name != v.name), "{}", v.name);
            assert!(
                v.name == "baseline" || VARIANTS[..i].iter().any(|w| w.name == v.over),
                "{} over {}",
                v.name,
                v.over
            );
        }
        assert_eq!(VARIANTS[0].name, "baseline");
    }

    #[test]
    fn the_variants_are_the_firmware_names_in_its_order() {
        let path = crate::workspace_root()
            .join(BOARD_DIR)
            .join("src/bin/widget-cost.rs");
        let source = std::fs::read_to_string(&path).expect("the firmware's source");
        let start = source.find("const NAMES").expect("its NAMES");
        let end = start + source[start..].find("];").expect("the end of NAMES");
        let names: Vec<&str> = source[start..end].split('"').skip(1).step_by(2).collect();
        let ours: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        assert_eq!(names, ours);
    }

    #[test]
    fn reads_the_firmware_line() {
        let ok = [String::from(
            "0.1 INFO  widget cost arc: 9000 px flushed, 0 hook errors",
        )];
        assert!(ran_clean(&ok, "arc"));
        assert!(!ran_clean(&ok, "scale"));
        let bad = [String::from(
            "INFO  widget cost arc: 9000 px flushed, 10 hook errors",
        )];
        assert!(!ran_clean(&bad, "arc"));
    }
}
