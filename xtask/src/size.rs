//! Section sizes of the firmware: `llvm-size -A` (from rustup's `llvm-tools`) or GNU
//! `arm-none-eabi-size -A`, parsed and summed into flash and static RAM.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `.text` size the firmware aims for.
pub const TEXT_TARGET: u64 = 48 * 1024;

/// One section of `size -A` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Name, with its leading dot.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Address.
    pub addr: u64,
}

/// Parses a decimal number, or a hexadecimal one with `0x`.
fn number(text: &str) -> Option<u64> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// Parses `size -A` (System V format) output: a file name line, a `section size addr`
/// header, one line per section, and a `Total` line. Lines that are not
/// `.name size addr` are skipped; no section at all is an error.
pub fn parse_sysv(output: &str) -> Result<Vec<Section>, String> {
    let sections: Vec<Section> = output
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                [name, size, addr] if name.starts_with('.') => Some(Section {
                    name: (*name).to_string(),
                    size: number(size)?,
                    addr: number(addr)?,
                }),
                _ => None,
            }
        })
        .collect();
    if sections.is_empty() {
        return Err(format!(
            "no sections found in the size tool's output:\n{output}"
        ));
    }
    Ok(sections)
}

/// The sizes that matter for a Cortex-M firmware.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// `.vector_table` (flash).
    pub vector_table: u64,
    /// `.text` (flash).
    pub text: u64,
    /// `.rodata` (flash).
    pub rodata: u64,
    /// `.data` (flash for its initial values, and RAM).
    pub data: u64,
    /// `.bss` (RAM).
    pub bss: u64,
}

impl Sizes {
    /// Picks the sections out of a parsed listing (a missing section counts as 0).
    pub fn from_sections(sections: &[Section]) -> Self {
        let get = |name: &str| {
            sections
                .iter()
                .filter(|s| s.name == name)
                .map(|s| s.size)
                .sum()
        };
        Sizes {
            vector_table: get(".vector_table"),
            text: get(".text"),
            rodata: get(".rodata"),
            data: get(".data"),
            bss: get(".bss"),
        }
    }

    /// Flash: vector table, code, read-only data and `.data`'s initial values.
    pub fn flash(&self) -> u64 {
        self.vector_table + self.text + self.rodata + self.data
    }

    /// Static RAM: `.data` and `.bss` (the stack is not included).
    pub fn static_ram(&self) -> u64 {
        self.data + self.bss
    }

    /// A report, one line each.
    pub fn report(&self) -> String {
        let line =
            |name: &str, bytes: u64| format!("  {name:<38} {bytes:>8} B {:>8.2} KiB\n", kib(bytes));
        let mut text = String::new();
        text += &line(".vector_table", self.vector_table);
        text += &line(".text", self.text);
        text += &line(".rodata", self.rodata);
        text += &line(".data", self.data);
        text += &line(".bss", self.bss);
        text += &line("flash = vector_table+text+rodata+data", self.flash());
        text += &line("static RAM = data+bss", self.static_ram());
        text += &format!(
            "  target .text <= 48 KiB: {}\n",
            if self.text <= TEXT_TARGET {
                "met"
            } else {
                "missed"
            }
        );
        text
    }
}

/// Bytes in KiB.
fn kib(bytes: u64) -> f64 {
    bytes as f64 / 1024.0
}

/// Runs `program args…` and returns its standard output, or an error naming the command.
fn output_of(program: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("running {} {}: {e}", program.display(), args.join(" ")))?;
    if !output.status.success() {
        return Err(format!(
            "{} {} failed ({}): {}",
            program.display(),
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    String::from_utf8(output.stdout).map_err(|e| {
        format!(
            "{} {}: output is not UTF-8: {e}",
            program.display(),
            args.join(" ")
        )
    })
}

/// The host triple from `rustc -vV`'s `host:` line.
pub fn host_triple(rustc_vv: &str) -> Option<&str> {
    rustc_vv
        .lines()
        .find_map(|line| line.strip_prefix("host:"))
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// Finds a size tool: rustup's `llvm-size` in the sysroot, else `arm-none-eabi-size` on
/// `PATH`. `None` when neither is installed.
pub fn find_tool() -> Option<PathBuf> {
    let rustc = std::env::var_os("RUSTC").map_or_else(|| PathBuf::from("rustc"), PathBuf::from);
    let llvm_size = (|| {
        let sysroot = output_of(&rustc, &["--print", "sysroot"]).ok()?;
        let vv = output_of(&rustc, &["-vV"]).ok()?;
        let host = host_triple(&vv)?;
        let path = Path::new(sysroot.trim())
            .join("lib/rustlib")
            .join(host)
            .join("bin/llvm-size");
        path.is_file().then_some(path)
    })();
    llvm_size.or_else(|| crate::find_on_path("arm-none-eabi-size"))
}

/// Measures `elf` with `tool -A`.
pub fn measure(tool: &Path, elf: &Path) -> Result<Sizes, String> {
    let elf_text = elf
        .to_str()
        .ok_or_else(|| format!("{} is not valid UTF-8", elf.display()))?;
    let output = output_of(tool, &["-A", elf_text])?;
    let sections = parse_sysv(&output).map_err(|e| format!("{}: {e}", tool.display()))?;
    Ok(Sizes::from_sections(&sections))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LLVM_SIZE: &str = "\
target/boards/thumbv7m-none-eabi/release/sprig-qemu  :
section               size        addr
.vector_table         1024           0
.text                30512        1024
.rodata               6484       31536
.data                    8   536870912
.gnu.sgstubs             0       38048
.bss                 12100   536870920
.uninit                  0   536883020
.defmt                  21           0
.debug_abbrev         1234           0
.comment               153           0
Total               51536

";

    #[test]
    fn parses_llvm_size_output() {
        let sections = parse_sysv(LLVM_SIZE).expect("sections");
        assert_eq!(sections.len(), 10);
        assert_eq!(
            sections[0],
            Section {
                name: String::from(".vector_table"),
                size: 1024,
                addr: 0
            }
        );
        let sizes = Sizes::from_sections(&sections);
        assert_eq!(
            sizes,
            Sizes {
                vector_table: 1024,
                text: 30512,
                rodata: 6484,
                data: 8,
                bss: 12100
            }
        );
        assert_eq!(sizes.flash(), 1024 + 30512 + 6484 + 8);
        assert_eq!(sizes.static_ram(), 12108);
        let report = sizes.report();
        assert!(report.contains("target .text <= 48 KiB: met"), "{report}");
    }

    #[test]
    fn parses_hex_addresses_and_missing_sections() {
        let sizes = Sizes::from_sections(
            &parse_sysv("x :\nsection size addr\n.text 49153 0x400\nTotal 49153\n")
                .expect("one section"),
        );
        assert_eq!(sizes.text, 49153);
        assert_eq!(sizes.bss, 0);
        assert!(sizes.report().contains("missed"));
    }

    #[test]
    fn no_sections_is_an_error() {
        assert!(parse_sysv("llvm-size: error: 'x': No such file or directory\n").is_err());
        assert!(parse_sysv("").is_err());
    }

    #[test]
    fn host_triple_from_rustc() {
        let vv = "rustc 1.95.0 (59807616e 2026-04-14)\nbinary: rustc\nhost: x86_64-unknown-linux-gnu\nrelease: 1.95.0\n";
        assert_eq!(host_triple(vv), Some("x86_64-unknown-linux-gnu"));
        assert_eq!(host_triple("rustc 1.0\n"), None);
    }
}
