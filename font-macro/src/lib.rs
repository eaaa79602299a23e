//! `font!`: a TrueType or OpenType file to a `sprig::render::font::AaFont`, rasterised at
//! compile time by `fontdue`, holding only the characters and the size the app names,
//! each pixel's coverage kept in 2 or 4 bits (issue 15: crisp small text, anti-aliased
//! large text, only the glyphs used in flash).
//!
//! Use it through `sprig::font!` (feature `ttf` of `sprig-core`). The macro works as
//! `sprig-macros` does: parse the arguments, check them, then rasterise and emit `const`
//! tables; every mistake is reported at its own tokens and one compile shows all of
//! them.

use std::collections::BTreeMap;
use std::path::PathBuf;

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use syn::parse::{ParseStream, Parser};
use syn::{Ident, Lit, LitChar, LitStr, Token};

/// The pixel sizes `size` accepts: below 4 no glyph is legible, and 128 keeps every
/// glyph's width and height within the `u8` of its table entry.
const SIZES: core::ops::RangeInclusive<u32> = 4..=128;

/// The glyphs of a TrueType or OpenType font, rasterised at compile time into a
/// `const`-constructible `sprig::render::font::AaFont`: only the characters you name, at
/// `size` pixels (the em height), each pixel's coverage quantised to `bits` (2 or 4,
/// default 4) bits, with the font's kerning between them and its line metrics.
///
/// ```
/// use sprig::render::font::{AaFont, Font};
///
/// // A relative path is taken from the directory of the file it is written in, as
/// // `include_bytes!` takes it; cargo rebuilds the crate when the font changes.
/// static DIGITS: AaFont = sprig::font!(
///     "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
///     size = 32,
///     chars = "0123456789:",
///     bits = 4,
/// );
///
/// let font = Font::from(&DIGITS);
/// assert_eq!(font.line_height(), 37);
/// assert_eq!(DIGITS.glyphs.len(), 11);
/// // What the set costs in flash: its glyph table and coverage bytes.
/// assert!(DIGITS.flash_bytes() < 4096);
///
/// // Every printable Latin-1 character, with the font's kerning pairs among them.
/// static TEXT: AaFont = sprig::font!(
///     "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
///     size = 14,
///     chars = latin1 | "€…",
///     bits = 2,
/// );
/// assert_eq!(TEXT.glyphs.len(), 95 + 96 + 2);
/// assert!(TEXT.kern('A', 'V') < 0);
/// ```
///
/// The path: absolute, or relative to the directory of the source file it is written
/// in, as `include_bytes!` resolves its path (`font!("../assets/Clock.ttf", …)` in
/// `src/main.rs` reads `assets/Clock.ttf` beside `src/`; in a doc comment, the file is
/// the one holding the comment). Where the compiler knows no file for the path's tokens
/// (tokens made by another procedural macro), it is relative to the calling crate's
/// directory, `CARGO_MANIFEST_DIR`; the error for a missing file says which.
///
/// Arguments, after the path:
///
/// - `size = <4..=128>` (required);
/// - `chars = …`: the characters to keep, one or more of these joined by `|`: a string
///   (`"0123456789:"`, each character once), a character (`'°'`), an inclusive range
///   (`'\u{4e00}'..='\u{4e2f}'`), `ascii` (U+0020–U+007E) or `latin1` (printable ISO
///   8859-1: `ascii` and U+00A0–U+00FF); the parts may overlap;
/// - `chars_from = "<path>"`: every character of a UTF-8 file (the app's strings), but
///   for control characters (line breaks, tabs); the path is resolved as the font's.
///   With `chars` as well, the set is both;
/// - `fallback = "<path>"`: a second font, for the characters the first one lacks
///   (e.g. a CJK font behind a Latin one); its glyphs sit on the first font's baseline
///   and line metrics;
/// - `bits = <2 or 4>` (optional, default 4);
/// - `kerning = false` (optional): leave the font's kerning pairs out, 6 bytes of flash
///   each (a Latin-1 set at 16 px has about 500).
///
/// `chars` or `chars_from` (or both) must be given; every character must be in the
/// font (or the fallback). The files are read when the crate compiles and never land
/// in the binary: only the named glyphs do, with the kerning pairs among them whose
/// adjustment is not zero at this size (from the font's `kern` table; none for a font
/// without one).
///
/// Compile errors, each at its tokens: a file that is missing or unreadable, or not a
/// font (or, for `chars_from`, not UTF-8 text); an unknown or repeated argument; a size
/// out of range; bits other than 2 or 4; an empty string, a character given twice in
/// one string, an unknown set, a range that ends before it starts; a character neither
/// font has.
#[proc_macro]
pub fn font(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let base = written_in(&input);
    match expand(input.into(), base) {
        Ok(tokens) => tokens.into(),
        Err(err) => {
            // In expression position: the errors as statements, then an empty font, so
            // that several errors do not cascade into type errors.
            let errors = err.into_iter().map(|e| e.to_compile_error());
            quote! {
                {
                    #(#errors;)*
                    ::sprig::render::font::AaFont {
                        glyphs: &[], data: &[], kerning: &[], bits_per_pixel: 4,
                        size_px: 0, line_height: 0, ascent: 0, descent: 0, line_gap: 0,
                        space_advance: 0,
                    }
                }
            }
            .into()
        }
    }
}

/// Where a relative path is taken from: the directory of the file the path is written
/// in (`proc_macro::Span::local_file`, stable since Rust 1.88), made absolute against
/// the compiler's working directory, as `include_bytes!` does; `None` when the compiler
/// knows no such file (tokens made by another procedural macro).
fn written_in(input: &proc_macro::TokenStream) -> Option<Base> {
    let mut first = input.clone().into_iter().next()?;
    // A path handed through a `macro_rules!` fragment comes in an invisible group.
    while let proc_macro::TokenTree::Group(group) = &first {
        if group.delimiter() != proc_macro::Delimiter::None {
            break;
        }
        first = group.stream().into_iter().next()?;
    }
    let file = first.span().local_file()?;
    let dir = std::path::absolute(file).ok()?.parent()?.to_path_buf();
    Some(Base::File(dir))
}

/// What a relative path (the font's, the fallback's, `chars_from`'s) is relative to.
enum Base {
    /// The directory of the source file that names the font.
    File(PathBuf),
    /// The calling crate's directory (`CARGO_MANIFEST_DIR`), when no file is known.
    Crate,
}

impl Base {
    /// The file `written` names, and what it was taken relative to (for errors).
    fn resolve(&self, written: &str) -> (PathBuf, &'static str) {
        match self {
            Base::File(dir) => (dir.join(written), "this file's directory"),
            Base::Crate => (
                std::env::var_os("CARGO_MANIFEST_DIR")
                    .map_or_else(PathBuf::new, PathBuf::from)
                    .join(written),
                "the crate's directory",
            ),
        }
    }

    /// The bytes of the file `path` names, or an error at it.
    fn read(&self, path: &LitStr, errors: &Errors) -> Option<(Vec<u8>, PathBuf)> {
        let written = path.value();
        let (file, from) = self.resolve(&written);
        match std::fs::read(&file) {
            Ok(bytes) => Some((bytes, file)),
            Err(err) => {
                errors.at(
                    path.span(),
                    format!("cannot read `{written}` (from {from}): {}", err.kind()),
                );
                None
            }
        }
    }
}

/// The macro's work: parse, check, rasterise, emit.
fn expand(input: TokenStream, base: Option<Base>) -> syn::Result<TokenStream> {
    let args = Parser::parse2(parse_args, input)?;
    let errors = Errors::default();
    let checked = check(&args, &errors);
    errors.into_result()?;
    let Some(request) = checked else {
        return Err(syn::Error::new(
            Span::call_site(),
            "invalid `font!` arguments",
        ));
    };
    let errors = Errors::default();
    let rasterised = rasterise(&request, &base.unwrap_or(Base::Crate), &errors);
    errors.into_result()?;
    match rasterised {
        Some(set) => Ok(codegen(&request, &set)),
        None => Err(syn::Error::new(
            Span::call_site(),
            "the font could not be read",
        )),
    }
}

/// Every error of one phase, each at its tokens, handed back combined.
#[derive(Default)]
struct Errors(std::cell::RefCell<Vec<syn::Error>>);

impl Errors {
    fn at(&self, span: Span, message: impl std::fmt::Display) {
        self.0.borrow_mut().push(syn::Error::new(span, message));
    }

    /// An error over the tokens from `first` to `last` (a span of several tokens,
    /// which a single `Span` cannot be on stable Rust).
    fn over(&self, (first, last): Tokens, message: impl std::fmt::Display) {
        let tokens: TokenStream = [first, last]
            .into_iter()
            .map(|span| proc_macro2::TokenTree::Ident(Ident::new("x", span)))
            .collect();
        self.0
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens, message));
    }

    fn into_result(self) -> syn::Result<()> {
        let mut errors = self.0.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}

/// The tokens as written: the path, then `key = value` pairs.
struct Args {
    path: LitStr,
    pairs: Vec<(Ident, Value)>,
}

/// An argument's value: a literal, or `chars`' set expression.
enum Value {
    Lit(Lit),
    Chars(Vec<Term>),
}

/// One part of a `chars` set.
enum Term {
    /// `"0123456789"`: each character once.
    Text(LitStr),
    /// `'°'`.
    Char(LitChar),
    /// `'a'..='z'`.
    Range(LitChar, LitChar),
    /// `ascii` or `latin1`.
    Set(Ident),
}

/// Where some tokens are written: the first's span and the last's.
type Tokens = (Span, Span);

impl Term {
    fn tokens(&self) -> Tokens {
        match self {
            Term::Text(lit) => (lit.span(), lit.span()),
            Term::Char(lit) => (lit.span(), lit.span()),
            Term::Range(first, last) => (first.span(), last.span()),
            Term::Set(ident) => (ident.span(), ident.span()),
        }
    }
}

/// What `chars` takes, for its errors.
const CHARS_SYNTAX: &str = "`chars` takes a string of characters (\"0123456789:\"), a character ('°'), a range ('a'..='z'), a set (`ascii`, `latin1`), or several joined by `|`";

/// The named sets `chars` knows.
const SETS: &[(&str, &[core::ops::RangeInclusive<char>])] = &[
    ("ascii", &[' '..='~']),
    ("latin1", &[' '..='~', '\u{a0}'..='\u{ff}']),
];

/// `"path", key = value, …` (a trailing comma allowed).
fn parse_args(input: ParseStream) -> syn::Result<Args> {
    if input.is_empty() {
        return Err(input.error(
            "expected the font file's path, e.g. `font!(\"assets/Font.ttf\", size = 32, chars = \"0123456789\")`",
        ));
    }
    let path: LitStr = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the font file's path as a string literal",
        )
    })?;
    let mut pairs = Vec::new();
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let key: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let value = if key == "chars" {
            let mut terms = vec![parse_term(input)?];
            while input.peek(Token![|]) {
                input.parse::<Token![|]>()?;
                terms.push(parse_term(input)?);
            }
            Value::Chars(terms)
        } else {
            Value::Lit(input.parse()?)
        };
        pairs.push((key, value));
    }
    Ok(Args { path, pairs })
}

/// One part of a `chars` set.
fn parse_term(input: ParseStream) -> syn::Result<Term> {
    if input.peek(LitStr) {
        return Ok(Term::Text(input.parse()?));
    }
    if input.peek(LitChar) {
        let first: LitChar = input.parse()?;
        if input.peek(Token![..=]) {
            input.parse::<Token![..=]>()?;
            let last: LitChar = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected the range's last character, e.g. 'a'..='z'",
                )
            })?;
            return Ok(Term::Range(first, last));
        }
        if input.peek(Token![..]) {
            return Err(input.error("a range of characters includes its end: write 'a'..='z'"));
        }
        return Ok(Term::Char(first));
    }
    if input.peek(Ident) {
        return Ok(Term::Set(input.parse()?));
    }
    Err(input.error(CHARS_SYNTAX))
}

/// The arguments, checked.
struct Request {
    path: LitStr,
    size_px: u32,
    bits: u32,
    /// The characters of `chars`, each with the place in `origins` of the part that
    /// named it first.
    chars: BTreeMap<char, usize>,
    /// Where each part of the set is written (its errors go there).
    origins: Vec<Tokens>,
    chars_from: Option<LitStr>,
    fallback: Option<LitStr>,
    /// Whether to keep the font's kerning pairs (`kerning = false` leaves them out).
    kerning: bool,
}

/// Checks every argument, reporting each mistake; the request when all are right.
fn check(args: &Args, errors: &Errors) -> Option<Request> {
    let mut size: Option<u32> = None;
    let mut bits: Option<u32> = None;
    let mut chars: Option<(BTreeMap<char, usize>, Vec<Tokens>)> = None;
    let mut chars_from: Option<LitStr> = None;
    let mut fallback: Option<LitStr> = None;
    let mut kerning = true;
    let mut seen: Vec<String> = Vec::new();
    let mut valid = true;
    for (key, value) in &args.pairs {
        let name = key.to_string();
        if seen.contains(&name) {
            errors.at(key.span(), format!("`{name}` is given twice"));
            continue;
        }
        seen.push(name.clone());
        match (name.as_str(), value) {
            ("size", Value::Lit(value)) => {
                size = int_in(value, "size", SIZES, "from 4 to 128 pixels", errors)
            }
            ("bits", Value::Lit(value)) => match value {
                Lit::Int(lit) if matches!(lit.base10_parse::<u32>(), Ok(2 | 4)) => {
                    bits = lit.base10_parse().ok();
                }
                _ => errors.at(
                    value.span(),
                    "`bits` must be 2 or 4 (bits of coverage per pixel)",
                ),
            },
            ("kerning", Value::Lit(value)) => match value {
                Lit::Bool(lit) => kerning = lit.value,
                _ => errors.at(
                    value.span(),
                    "`kerning` must be `true` (the default: the font's pairs) or `false`",
                ),
            },
            ("chars", Value::Chars(terms)) => {
                chars = check_chars(terms, errors);
                valid &= chars.is_some();
            }
            ("chars_from", Value::Lit(value)) | ("fallback", Value::Lit(value)) => {
                let Lit::Str(lit) = value else {
                    let what = if name == "fallback" {
                        "`fallback` must be the path of a second font, as a string literal"
                    } else {
                        "`chars_from` must be the path of a text file, as a string literal"
                    };
                    errors.at(value.span(), what);
                    valid = false;
                    continue;
                };
                if name == "fallback" {
                    fallback = Some(lit.clone());
                } else {
                    chars_from = Some(lit.clone());
                }
            }
            _ => errors.at(
                key.span(),
                format!("unknown argument `{name}`: expected `size`, `chars`, `chars_from`, `fallback`, `bits` or `kerning`"),
            ),
        }
    }
    if !seen.iter().any(|k| k == "size") {
        errors.at(args.path.span(), "missing `size = <pixels>` (4 to 128)");
    }
    if !seen.iter().any(|k| k == "chars" || k == "chars_from") {
        errors.at(
            args.path.span(),
            "missing `chars = \"…\"` or `chars_from = \"<file>\"`: the characters to keep",
        );
    }
    if !valid {
        return None;
    }
    let (chars, origins) = chars.unwrap_or_default();
    Some(Request {
        path: args.path.clone(),
        size_px: size?,
        bits: bits.unwrap_or(4),
        chars,
        origins,
        chars_from,
        fallback,
        kerning,
    })
}

/// An integer literal's value if it lies in `range`; an error at it otherwise.
fn int_in(
    value: &Lit,
    name: &str,
    range: core::ops::RangeInclusive<u32>,
    what: &str,
    errors: &Errors,
) -> Option<u32> {
    let parsed = match value {
        Lit::Int(lit) => lit.base10_parse::<u32>().ok(),
        _ => None,
    };
    match parsed {
        Some(v) if range.contains(&v) => Some(v),
        _ => {
            errors.at(value.span(), format!("`{name}` must be an integer {what}"));
            None
        }
    }
}

/// The set the parts of `chars` name, each character with the part that named it
/// first; an empty string, a character twice in one string, an unknown set and a
/// backwards range are errors.
fn check_chars(terms: &[Term], errors: &Errors) -> Option<(BTreeMap<char, usize>, Vec<Tokens>)> {
    let mut set: BTreeMap<char, usize> = BTreeMap::new();
    let mut origins = Vec::new();
    let mut valid = true;
    for term in terms {
        let origin = origins.len();
        origins.push(term.tokens());
        let mut add = |c: char| {
            set.entry(c).or_insert(origin);
        };
        match term {
            Term::Text(lit) => {
                let text = lit.value();
                if text.is_empty() {
                    errors.at(lit.span(), "`chars` is empty: name at least one character");
                    valid = false;
                    continue;
                }
                let mut count: BTreeMap<char, usize> = BTreeMap::new();
                for c in text.chars() {
                    *count.entry(c).or_default() += 1;
                }
                let repeated: Vec<String> = count
                    .iter()
                    .filter(|(_, n)| **n > 1)
                    .map(|(c, _)| format!("{c:?}"))
                    .collect();
                if !repeated.is_empty() {
                    errors.at(
                        lit.span(),
                        format!("`chars` names {} more than once", repeated.join(", ")),
                    );
                    valid = false;
                    continue;
                }
                count.into_keys().for_each(&mut add);
            }
            Term::Char(lit) => add(lit.value()),
            Term::Range(first, last) => {
                let (lo, hi) = (first.value(), last.value());
                if lo > hi {
                    errors.over(
                        term.tokens(),
                        format!(
                            "the range ends before it starts: U+{:04X} > U+{:04X}",
                            u32::from(lo),
                            u32::from(hi)
                        ),
                    );
                    valid = false;
                    continue;
                }
                (lo..=hi).for_each(&mut add);
            }
            Term::Set(ident) => {
                let name = ident.to_string();
                let Some((_, ranges)) = SETS.iter().find(|(n, _)| *n == name) else {
                    errors.at(
                        ident.span(),
                        format!("unknown character set `{name}`: expected `ascii` or `latin1` (or a string, a character, a range)"),
                    );
                    valid = false;
                    continue;
                };
                for range in *ranges {
                    range.clone().for_each(&mut add);
                }
            }
        }
    }
    valid.then_some((set, origins))
}

/// One glyph, rasterised, quantised and trimmed to its inked pixels.
struct Glyph {
    ch: char,
    offset: usize,
    width: u8,
    height: u8,
    left: i16,
    top: i16,
    advance: u16,
}

/// One kerning pair: glyph indices in the table and the adjustment in pixels.
struct Kern {
    left: u16,
    right: u16,
    adjust: i16,
}

/// The whole set: table, packed coverage, kerning, line metrics, and the files read
/// (for cargo to track).
struct GlyphSet {
    glyphs: Vec<Glyph>,
    data: Vec<u8>,
    kerning: Vec<Kern>,
    line_height: u16,
    ascent: u16,
    descent: u16,
    line_gap: u16,
    space_advance: u16,
    files: Vec<String>,
}

/// Reads a font file and parses it with fontdue, its geometry tuned for the size drawn
/// (`FontSettings::scale`).
fn load_font(
    path: &LitStr,
    size: f32,
    base: &Base,
    errors: &Errors,
) -> Option<(fontdue::Font, PathBuf)> {
    let (bytes, file) = base.read(path, errors)?;
    let settings = fontdue::FontSettings {
        scale: size,
        ..fontdue::FontSettings::default()
    };
    match fontdue::Font::from_bytes(bytes.as_slice(), settings) {
        Ok(font) => Some((font, file)),
        Err(why) => {
            errors.at(
                path.span(),
                format!(
                    "`{}` is not a TrueType or OpenType font: {why}",
                    path.value()
                ),
            );
            None
        }
    }
}

/// The characters of the `chars_from` file: every one but control characters (line
/// breaks, tabs) and a byte order mark.
fn chars_of_file(path: &LitStr, base: &Base, errors: &Errors) -> Option<(Vec<char>, PathBuf)> {
    let (bytes, file) = base.read(path, errors)?;
    let Ok(text) = String::from_utf8(bytes) else {
        errors.at(path.span(), format!("`{}` is not UTF-8 text", path.value()));
        return None;
    };
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_control() && *c != '\u{feff}')
        .collect();
    if chars.is_empty() {
        errors.at(
            path.span(),
            format!("`{}` holds no characters to keep", path.value()),
        );
        return None;
    }
    Some((chars, file))
}

/// "'a' (U+0061), 'b' (U+0062)", the first few of `chars`, and how many more.
fn list(chars: &[char]) -> String {
    const SHOWN: usize = 12;
    let mut text: Vec<String> = chars
        .iter()
        .take(SHOWN)
        .map(|c| format!("{c:?} (U+{:04X})", u32::from(*c)))
        .collect();
    if chars.len() > SHOWN {
        text.push(format!("and {} more", chars.len() - SHOWN));
    }
    text.join(", ")
}

/// Reads the files and rasterises the named characters with fontdue, each from the
/// first font that has it; finds the kerning pairs among them.
fn rasterise(request: &Request, base: &Base, errors: &Errors) -> Option<GlyphSet> {
    let size = request.size_px as f32;
    let primary = load_font(&request.path, size, base, errors);
    let fallback = request
        .fallback
        .as_ref()
        .and_then(|path| load_font(path, size, base, errors).map(|f| (path, f)));
    let mut chars = request.chars.clone();
    let mut origins = request.origins.clone();
    let mut files = Vec::new();
    if let Some(path) = &request.chars_from {
        let (from_file, file) = chars_of_file(path, base, errors)?;
        origins.push((path.span(), path.span()));
        for c in from_file {
            chars.entry(c).or_insert(origins.len() - 1);
        }
        files.push(file);
    }
    let (primary, primary_file) = primary?;
    files.push(primary_file);
    let fonts: Vec<&fontdue::Font> = match &fallback {
        Some((_, (font, file))) => {
            files.push(file.clone());
            vec![&primary, font]
        }
        None if request.fallback.is_some() => return None,
        None => vec![&primary],
    };
    let written = request.path.value();
    let Some(line) = primary.horizontal_line_metrics(size) else {
        errors.at(
            request.path.span(),
            format!("`{written}` has no horizontal line metrics"),
        );
        return None;
    };
    // Which font draws each character: the first that has it.
    let source = |c: char| fonts.iter().position(|f| f.lookup_glyph_index(c) != 0);
    let mut missing: Vec<Vec<char>> = vec![Vec::new(); origins.len()];
    for (&c, &origin) in &chars {
        if source(c).is_none() {
            if let Some(list) = missing.get_mut(origin) {
                list.push(c);
            }
        }
    }
    for (origin, lacking) in missing.iter().enumerate() {
        if lacking.is_empty() {
            continue;
        }
        let message = match &request.fallback {
            Some(other) => format!(
                "neither `{written}` nor `{}` has a glyph for {}",
                other.value(),
                list(lacking)
            ),
            None => format!("`{written}` has no glyph for {}", list(lacking)),
        };
        let tokens = origins
            .get(origin)
            .copied()
            .unwrap_or_else(|| (Span::call_site(), Span::call_site()));
        errors.over(tokens, message);
    }
    if missing.iter().any(|m| !m.is_empty()) {
        return None;
    }
    if chars.len() > usize::from(u16::MAX) {
        errors.at(
            request.path.span(),
            format!("{} characters: a font holds at most 65535", chars.len()),
        );
        return None;
    }
    let ascent = line.ascent.round() as i32;
    let levels = (1u32 << request.bits) - 1;
    let mut glyphs = Vec::new();
    let mut data = Vec::new();
    // For each glyph: which font drew it and its index there (for the kerning).
    let mut drawn_by: Vec<(usize, u16)> = Vec::new();
    let span = request.path.span();
    for &ch in chars.keys() {
        let which = source(ch).unwrap_or(0);
        let font = fonts.get(which).copied().unwrap_or(&primary);
        drawn_by.push((which, font.lookup_glyph_index(ch)));
        let (metrics, coverage) = font.rasterize(ch, size);
        let (w, h) = (metrics.width, metrics.height);
        let quantised: Vec<u32> = coverage
            .iter()
            .map(|&v| (u32::from(v) * levels + 127) / 255)
            .collect();
        let at = |x: usize, y: usize| quantised.get(y * w + x).copied().unwrap_or(0);
        // Trim to the pixels with ink left after quantising: fewer bytes in flash.
        let rows: Vec<usize> = (0..h).filter(|&y| (0..w).any(|x| at(x, y) != 0)).collect();
        let columns: Vec<usize> = (0..w).filter(|&x| (0..h).any(|y| at(x, y) != 0)).collect();
        let advance = metrics.advance_width.round();
        let offset = data.len();
        let (left, top, width, height) =
            match (rows.first(), rows.last(), columns.first(), columns.last()) {
                (Some(&y0), Some(&y1), Some(&x0), Some(&x1)) => {
                    let mut packer = Packer::new(request.bits, &mut data);
                    for y in y0..=y1 {
                        for x in x0..=x1 {
                            packer.push(at(x, y));
                        }
                    }
                    packer.finish();
                    // fontdue's ymin is the bitmap's bottom above the baseline (y up);
                    // every font's glyphs sit on the first font's baseline.
                    let top = ascent - (metrics.ymin + h as i32) + y0 as i32;
                    (metrics.xmin + x0 as i32, top, x1 - x0 + 1, y1 - y0 + 1)
                }
                _ => (0, 0, 0, 0),
            };
        let (Ok(width), Ok(height), Ok(left), Ok(top)) = (
            u8::try_from(width),
            u8::try_from(height),
            i16::try_from(left),
            i16::try_from(top),
        ) else {
            errors.at(
                span,
                format!("the glyph of {ch:?} is too large at this size"),
            );
            return None;
        };
        if !(0.0..=f32::from(u16::MAX)).contains(&advance) {
            errors.at(span, format!("the advance of {ch:?} is out of range"));
            return None;
        }
        glyphs.push(Glyph {
            ch,
            offset,
            width,
            height,
            left,
            top,
            advance: advance as u16,
        });
    }
    let kerning = if request.kerning {
        kern_pairs(&fonts, &drawn_by, size)
    } else {
        Vec::new()
    };
    let space = primary.metrics(' ', size).advance_width.round();
    Some(GlyphSet {
        glyphs,
        data,
        kerning,
        line_height: clamp_u16(line.new_line_size.round()),
        ascent: clamp_u16(line.ascent.round()),
        descent: clamp_u16(-line.descent.round()),
        line_gap: clamp_u16(line.line_gap.round()),
        space_advance: clamp_u16(space),
        files: files
            .iter()
            .filter_map(|f| f.to_str().map(str::to_owned))
            .collect(),
    })
}

/// The kerning pairs among the glyphs (each drawn by `drawn_by`: a font and its glyph
/// index there) whose adjustment rounds to a whole pixel or more at `size`, sorted by
/// their places in the table. Only glyphs of the same font kern with each other.
fn kern_pairs(fonts: &[&fontdue::Font], drawn_by: &[(usize, u16)], size: f32) -> Vec<Kern> {
    let mut pairs = Vec::new();
    for (which, font) in fonts.iter().enumerate() {
        // Every pair of this font's glyphs: a font without a `kern` table answers
        // `None` at once, so a large set without kerning costs little.
        for (l, &(lw, lg)) in drawn_by.iter().enumerate() {
            if lw != which {
                continue;
            }
            for (r, &(rw, rg)) in drawn_by.iter().enumerate() {
                if rw != which {
                    continue;
                }
                let Some(value) = font.horizontal_kern_indexed(lg, rg, size) else {
                    continue;
                };
                let adjust = value
                    .round()
                    .clamp(f32::from(i16::MIN), f32::from(i16::MAX));
                if adjust != 0.0 {
                    pairs.push(Kern {
                        left: l as u16,
                        right: r as u16,
                        adjust: adjust as i16,
                    });
                }
            }
        }
    }
    pairs.sort_by_key(|k| (k.left, k.right));
    pairs
}

fn clamp_u16(v: f32) -> u16 {
    v.clamp(0.0, f32::from(u16::MAX)) as u16
}

/// Packs coverage values of `bits` bits, the first pixel in a byte's most significant
/// bits; each glyph starts on a byte.
struct Packer<'a> {
    bits: u32,
    data: &'a mut Vec<u8>,
    byte: u8,
    filled: u32,
}

impl<'a> Packer<'a> {
    fn new(bits: u32, data: &'a mut Vec<u8>) -> Self {
        Packer {
            bits,
            data,
            byte: 0,
            filled: 0,
        }
    }

    fn push(&mut self, value: u32) {
        self.filled += self.bits;
        self.byte |= (value << (8 - self.filled)) as u8;
        if self.filled == 8 {
            self.data.push(self.byte);
            self.byte = 0;
            self.filled = 0;
        }
    }

    fn finish(self) {
        if self.filled > 0 {
            self.data.push(self.byte);
        }
    }
}

/// The `AaFont` expression: `const` tables in a block, in absolute paths (`::sprig::…`).
fn codegen(request: &Request, set: &GlyphSet) -> TokenStream {
    let glyphs = set.glyphs.iter().map(|g| {
        let ch = Literal::character(g.ch);
        let offset = Literal::u32_unsuffixed(g.offset as u32);
        let (width, height) = (
            Literal::u8_unsuffixed(g.width),
            Literal::u8_unsuffixed(g.height),
        );
        let (left, top) = (
            Literal::i16_unsuffixed(g.left),
            Literal::i16_unsuffixed(g.top),
        );
        let advance = Literal::u16_unsuffixed(g.advance);
        quote! {
            ::sprig::render::font::AaGlyph {
                ch: #ch, offset: #offset, width: #width, height: #height,
                left: #left, top: #top, advance: #advance,
            }
        }
    });
    let data = Literal::byte_string(&set.data);
    let kerning = set.kerning.iter().map(|k| {
        let (left, right) = (
            Literal::u16_unsuffixed(k.left),
            Literal::u16_unsuffixed(k.right),
        );
        let adjust = Literal::i16_unsuffixed(k.adjust);
        quote! {
            ::sprig::render::font::AaKern { left: #left, right: #right, adjust: #adjust }
        }
    });
    // Ties the crate to the files, so that cargo rebuilds it when one changes.
    let track = set.files.iter().map(|file| {
        let file = LitStr::new(file, request.path.span());
        quote! { const _: &[u8] = ::core::include_bytes!(#file); }
    });
    let bits = Literal::u8_unsuffixed(request.bits as u8);
    let size = Literal::u16_unsuffixed(request.size_px as u16);
    let line_height = Literal::u16_unsuffixed(set.line_height);
    let ascent = Literal::u16_unsuffixed(set.ascent);
    let descent = Literal::u16_unsuffixed(set.descent);
    let line_gap = Literal::u16_unsuffixed(set.line_gap);
    let space = Literal::u16_unsuffixed(set.space_advance);
    quote! {
        {
            #(#track)*
            const GLYPHS: &[::sprig::render::font::AaGlyph] = &[#(#glyphs),*];
            const DATA: &[u8] = #data;
            const KERNING: &[::sprig::render::font::AaKern] = &[#(#kerning),*];
            ::sprig::render::font::AaFont {
                glyphs: GLYPHS,
                data: DATA,
                kerning: KERNING,
                bits_per_pixel: #bits,
                size_px: #size,
                line_height: #line_height,
                ascent: #ascent,
                descent: #descent,
                line_gap: #line_gap,
                space_advance: #space,
            }
        }
    }
}
