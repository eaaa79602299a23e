//! Each crate's share of the firmware's code: the code symbols of `llvm-nm --print-size`
//! (from rustup's `llvm-tools`, or GNU `arm-none-eabi-nm`), each given to the crate its
//! name starts with, and summed.
//!
//! A symbol is counted where it was monomorphised and inlined into, as `cargo bloat`
//! does: the code of `Renderer::frame` with a panel's driver inlined counts as the
//! renderer's crate. Symbols without a path are sorted by what they are: the compiler's
//! runtime (`__aeabi_*`, `memcpy`, …), LLVM's outlined sequences, defmt's and
//! cortex-m-rt's entry points.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One crate (or group) and its code bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    /// The crate's library name (`sprig`, `sprig_ui`, …) or a group in parentheses.
    pub name: String,
    /// Bytes of code.
    pub bytes: u64,
}

/// Shares of `.text`, largest first, and their total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shares {
    /// The crates, largest first (ties by name).
    pub crates: Vec<Share>,
    /// The sum of all shares.
    pub total: u64,
}

/// What a crate is, for the table.
fn describe(name: &str) -> &'static str {
    match name {
        "sprig" => "sprig-core: world, lifecycle, renderer, text, images",
        "sprig_ui" => "sprig-ui: tweens, buttons, focus, layout",
        "sprig_mcu" => "sprig-mcu: the runner, the panel driver",
        "sprig_examples" => "the showcase's components and scene",
        "sprig_qemu" => "the board's main loop and logging",
        "compiler_builtins" => "float, 64-bit and memory routines",
        "core" => "core: formatting, slices, panics",
        "(outlined by LLVM)" => "repeated sequences moved out by -Oz",
        _ => "",
    }
}

/// Undoes the legacy mangling escapes `llvm-nm -C` leaves in some names
/// (`_$LT$sprig..world..World$GT$` for `<sprig::world::World>`).
fn unescape(name: &str) -> String {
    name.replace("_$LT$", "<")
        .replace("$LT$", "<")
        .replace("$GT$", ">")
        .replace("$RF$", "&")
        .replace("$u20$", " ")
        .replace("$u5b$", "[")
        .replace("$u5d$", "]")
        .replace("$C$", ",")
        .replace("..", "::")
}

/// Whether `ident` names a type that has no crate of its own (a primitive, or a generic
/// parameter such as `T`): its impl belongs to the trait's crate.
fn crate_less(ident: &str) -> bool {
    const PRIMITIVES: [&str; 17] = [
        "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32",
        "i64", "i128", "isize", "f32", "f64",
    ];
    PRIMITIVES.contains(&ident)
        || (ident.len() == 1 && ident.chars().all(|c| c.is_ascii_uppercase()))
}

/// The crate a (demangled) symbol belongs to: the first path segment of its name, or of
/// the trait for an impl on a primitive or generic type; a group for names without a
/// path.
pub fn crate_of(symbol: &str) -> String {
    let name = unescape(symbol);
    let trimmed = name.trim_start_matches(['<', '&', '_', ' ', '[', '(', '*']);
    let trimmed = trimmed
        .strip_prefix("dyn ")
        .or_else(|| trimmed.strip_prefix("mut "))
        .or_else(|| trimmed.strip_prefix("const "))
        .unwrap_or(trimmed);
    let ident: &str = trimmed
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    let has_path = trimmed[ident.len()..].starts_with("::");
    if has_path && !crate_less(ident) {
        return ident.to_string();
    }
    if let Some((_, rest)) = name.split_once(" as ") {
        let of_trait = crate_of(rest);
        if !of_trait.starts_with('(') {
            return of_trait;
        }
    }
    if ident.starts_with("OUTLINED_FUNCTION") {
        return String::from("(outlined by LLVM)");
    }
    if symbol.starts_with("__")
        || [
            "memcpy", "memset", "memmove", "memcmp", "bcmp", "fminf", "fmaxf", "fmodf",
        ]
        .contains(&symbol)
    {
        return String::from("compiler_builtins");
    }
    if symbol.starts_with("_defmt") || symbol.starts_with("defmt") {
        return String::from("defmt");
    }
    if [
        "Reset",
        "main",
        "DefaultHandler_",
        "DefaultPreInit",
        "HardFault_",
        "SysTick",
        "pre_init",
    ]
    .contains(&symbol)
    {
        return String::from("cortex_m_rt");
    }
    String::from("(other)")
}

/// Sums the code symbols of `llvm-nm --print-size --radix=d -C` output (`address size
/// type name`, one per line; types `t`/`T`/`w`/`W` are code) by crate.
pub fn parse_nm(output: &str) -> Result<Shares, String> {
    let mut sums: BTreeMap<String, u64> = BTreeMap::new();
    let mut seen = 0usize;
    for line in output.lines() {
        let mut fields = line.splitn(4, ' ');
        let (Some(_address), Some(size), Some(kind), Some(name)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if !matches!(kind, "t" | "T" | "w" | "W") {
            continue;
        }
        let Ok(bytes) = size.trim_start_matches('0').parse::<u64>().or_else(|e| {
            if size.chars().all(|c| c == '0') && !size.is_empty() {
                Ok(0)
            } else {
                Err(e)
            }
        }) else {
            continue;
        };
        seen += 1;
        *sums.entry(crate_of(name.trim())).or_default() += bytes;
    }
    if seen == 0 {
        return Err(format!("no code symbols in the nm output:\n{output}"));
    }
    let mut crates: Vec<Share> = sums
        .into_iter()
        .map(|(name, bytes)| Share { name, bytes })
        .collect();
    crates.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.name.cmp(&b.name)));
    let total = crates.iter().map(|s| s.bytes).sum();
    Ok(Shares { crates, total })
}

impl Shares {
    /// A table: crate, bytes, KiB, share, what it holds; crates under 0.5 % of the total
    /// summed in one line.
    pub fn report(&self) -> String {
        let mut text = format!(
            "  {:<22} {:>8} {:>9} {:>6}  holds\n",
            "crate", "bytes", "KiB", "share"
        );
        let percent = |bytes: u64| 100.0 * bytes as f64 / self.total.max(1) as f64;
        let (mut small, mut small_count) = (0u64, 0usize);
        for share in &self.crates {
            if percent(share.bytes) < 0.5 {
                small += share.bytes;
                small_count += 1;
                continue;
            }
            text += &format!(
                "  {:<22} {:>8} {:>9.2} {:>5.1}%  {}\n",
                share.name,
                share.bytes,
                share.bytes as f64 / 1024.0,
                percent(share.bytes),
                describe(&share.name)
            );
        }
        if small_count > 0 {
            text += &format!(
                "  {:<22} {:>8} {:>9.2} {:>5.1}%  under 0.5 % each\n",
                format!("({small_count} others)"),
                small,
                small as f64 / 1024.0,
                percent(small)
            );
        }
        text += &format!(
            "  {:<22} {:>8} {:>9.2}\n",
            "code symbols",
            self.total,
            self.total as f64 / 1024.0
        );
        text
    }
}

/// Two builds side by side: each crate's bytes before and after and the change, largest
/// (after) first; crates under 0.5 % of both totals summed in one line.
pub fn compare(before: &Shares, after: &Shares) -> String {
    let bytes_in = |shares: &Shares, name: &str| {
        shares
            .crates
            .iter()
            .find(|s| s.name == name)
            .map_or(0, |s| s.bytes)
    };
    let mut names: Vec<&str> = after.crates.iter().map(|s| s.name.as_str()).collect();
    for share in &before.crates {
        if !names.contains(&share.name.as_str()) {
            names.push(&share.name);
        }
    }
    let small = |bytes: u64, total: u64| (bytes as f64) < 0.005 * total.max(1) as f64;
    let row = |name: &str, b: u64, a: u64| {
        format!(
            "  {:<22} {:>9} {:>9} {:>+9}\n",
            name,
            b,
            a,
            a as i64 - b as i64
        )
    };
    let mut text = format!(
        "  {:<22} {:>9} {:>9} {:>9}\n",
        "crate", "before", "after", "change"
    );
    let (mut rest_before, mut rest_after, mut rest_count) = (0, 0, 0);
    for name in names {
        let (b, a) = (bytes_in(before, name), bytes_in(after, name));
        if small(b, before.total) && small(a, after.total) {
            rest_before += b;
            rest_after += a;
            rest_count += 1;
        } else {
            text += &row(name, b, a);
        }
    }
    if rest_count > 0 {
        text += &row(&format!("({rest_count} others)"), rest_before, rest_after);
    }
    text += &row("code symbols", before.total, after.total);
    text
}

/// Finds a symbol lister: rustup's `llvm-nm` next to `llvm-size`, else `arm-none-eabi-nm`.
pub fn find_nm(size_tool: &Path) -> Option<PathBuf> {
    let beside = size_tool.with_file_name("llvm-nm");
    if beside.is_file() {
        return Some(beside);
    }
    crate::find_on_path("arm-none-eabi-nm")
}

/// Measures `elf` with `nm`.
pub fn measure(nm: &Path, elf: &Path) -> Result<Shares, String> {
    let output = std::process::Command::new(nm)
        .args(["--print-size", "--radix=d", "-C"])
        .arg(elf)
        .output()
        .map_err(|e| format!("running {}: {e}", nm.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} failed ({}): {}",
            nm.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    parse_nm(&String::from_utf8_lossy(&output.stdout))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_go_to_their_crate() {
        let cases = [
            ("sprig::math::sin_cos_degrees::hf3b7c09fa796363b", "sprig"),
            (
                "_$LT$sprig_examples..showcase..Showcase$u20$as$u20$sprig..engine..component_set..DrawSet$GT$::draw::h90c9",
                "sprig_examples",
            ),
            ("<core::fmt::Formatter>::pad", "core"),
            ("<u32 as core::fmt::Display>::fmt", "core"),
            (
                "_$LT$$RF$T$u20$as$u20$core..fmt..Debug$GT$::fmt::h22eee266347664fa",
                "core",
            ),
            ("compiler_builtins::float::add::__adddf3", "compiler_builtins"),
            ("__aeabi_d2f", "compiler_builtins"),
            ("memcpy", "compiler_builtins"),
            ("OUTLINED_FUNCTION_34", "(outlined by LLVM)"),
            ("_defmt_acquire", "defmt"),
            ("Reset", "cortex_m_rt"),
            ("etext", "(other)"),
        ];
        for (symbol, expected) in cases {
            assert_eq!(crate_of(symbol), expected, "{symbol}");
        }
    }

    #[test]
    fn sums_code_symbols_only() {
        let nm = "\
00001024 00000010 T Reset
00002000 00000300 t sprig::math::sin_cos_degrees::h1
00002300 00000100 t sprig::render::Shape::draw::h2
00002400 00000050 t sprig_ui::ease::Easing::apply::h3
00009000 00000999 r sprig::render::fonts::FONT::h4
00009999 00000000 t etext
";
        let shares = parse_nm(nm).expect("symbols");
        assert_eq!(
            shares.crates,
            vec![
                Share {
                    name: String::from("sprig"),
                    bytes: 400
                },
                Share {
                    name: String::from("sprig_ui"),
                    bytes: 50
                },
                Share {
                    name: String::from("cortex_m_rt"),
                    bytes: 10
                },
                Share {
                    name: String::from("(other)"),
                    bytes: 0
                },
            ]
        );
        assert_eq!(shares.total, 460);
        let report = shares.report();
        assert!(
            report.contains("  sprig                       400"),
            "{report}"
        );
    }

    #[test]
    fn two_builds_compare_crate_by_crate() {
        let share = |name: &str, bytes| Share {
            name: String::from(name),
            bytes,
        };
        let before = Shares {
            crates: vec![share("sprig", 900), share("libm", 100), share("tiny", 1)],
            total: 1001,
        };
        let after = Shares {
            crates: vec![share("sprig", 700), share("sprig_ui", 50)],
            total: 750,
        };
        assert_eq!(
            compare(&before, &after),
            "  crate                     before     after    change
  sprig                        900       700      -200
  sprig_ui                       0        50       +50
  libm                         100         0      -100
  (1 others)                     1         0        -1
  code symbols                1001       750      -251
"
        );
    }

    #[test]
    fn no_code_symbols_is_an_error() {
        assert!(parse_nm("").is_err());
        assert!(parse_nm("00009000 00000999 r data\n").is_err());
    }
}
