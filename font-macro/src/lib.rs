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
use syn::{Ident, Lit, LitStr, Token};

/// The pixel sizes `size` accepts: below 4 no glyph is legible, and 128 keeps every
/// glyph's width and height within the `u8` of its table entry.
const SIZES: core::ops::RangeInclusive<u32> = 4..=128;

/// The glyphs of a TrueType or OpenType font, rasterised at compile time into a
/// `const`-constructible `sprig::render::font::AaFont`: only the characters of `chars`, at
/// `size` pixels (the em height), each pixel's coverage quantised to `bits` (2 or 4,
/// default 4) bits.
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
/// ```
///
/// The path: absolute, or relative to the directory of the source file it is written
/// in, as `include_bytes!` resolves its path (`font!("../assets/Clock.ttf", …)` in
/// `src/main.rs` reads `assets/Clock.ttf` beside `src/`; in a doc comment, the file is
/// the one holding the comment). Where the compiler knows no file for the path's tokens
/// (tokens made by another procedural macro), it is relative to the calling crate's
/// directory, `CARGO_MANIFEST_DIR`; the error for a missing file says which.
///
/// Arguments, after the path: `size = <4..=128>` (required), `chars = "<characters>"`
/// (required: no character twice, each one the font has), `bits = <2 or 4>` (optional).
/// The file is read when the crate compiles and never lands in the binary: only the
/// named glyphs do.
///
/// Compile errors, each at its tokens: a file that is missing or unreadable, or not a
/// font; an unknown or repeated argument; a size out of range; bits other than 2 or 4;
/// empty `chars`, a character given twice, or one the font lacks.
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
                        glyphs: &[], data: &[], bits_per_pixel: 4, size_px: 0,
                        line_height: 0, ascent: 0, space_advance: 0,
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

/// What a relative font path is relative to.
enum Base {
    /// The directory of the source file that names the font.
    File(PathBuf),
    /// The calling crate's directory (`CARGO_MANIFEST_DIR`), when no file is known.
    Crate,
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
    let rasterised = rasterise(&request, base.unwrap_or(Base::Crate), &errors);
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

/// The tokens as written: the path, then `key = literal` pairs.
struct Args {
    path: LitStr,
    pairs: Vec<(Ident, Lit)>,
}

/// `"path", key = literal, …` (a trailing comma allowed).
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
        let value: Lit = input.parse()?;
        pairs.push((key, value));
    }
    Ok(Args { path, pairs })
}

/// The arguments, checked.
struct Request {
    path: LitStr,
    size_px: u32,
    bits: u32,
    chars: Vec<char>,
    chars_span: Span,
}

/// Checks every argument, reporting each mistake; the request when all are right.
fn check(args: &Args, errors: &Errors) -> Option<Request> {
    let mut size: Option<u32> = None;
    let mut bits: Option<u32> = None;
    let mut chars: Option<(Vec<char>, Span)> = None;
    let mut seen: Vec<String> = Vec::new();
    for (key, value) in &args.pairs {
        let name = key.to_string();
        if seen.contains(&name) {
            errors.at(key.span(), format!("`{name}` is given twice"));
            continue;
        }
        seen.push(name.clone());
        match name.as_str() {
            "size" => size = int_in(value, "size", SIZES, "from 4 to 128 pixels", errors),
            "bits" => match value {
                Lit::Int(lit) if matches!(lit.base10_parse::<u32>(), Ok(2 | 4)) => {
                    bits = lit.base10_parse().ok();
                }
                _ => errors.at(
                    value.span(),
                    "`bits` must be 2 or 4 (bits of coverage per pixel)",
                ),
            },
            "chars" => match value {
                Lit::Str(lit) => chars = check_chars(lit, errors).map(|c| (c, lit.span())),
                _ => errors.at(
                    value.span(),
                    "`chars` must be a string literal of the characters to keep",
                ),
            },
            _ => errors.at(
                key.span(),
                format!("unknown argument `{name}`: expected `size`, `chars` or `bits`"),
            ),
        }
    }
    if !seen.iter().any(|k| k == "size") {
        errors.at(args.path.span(), "missing `size = <pixels>` (4 to 128)");
    }
    if !seen.iter().any(|k| k == "chars") {
        errors.at(
            args.path.span(),
            "missing `chars = \"…\"`: the characters to keep",
        );
    }
    let (chars, chars_span) = chars?;
    Some(Request {
        path: args.path.clone(),
        size_px: size?,
        bits: bits.unwrap_or(4),
        chars,
        chars_span,
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

/// The characters, sorted (the table is binary-searched); empty sets and repeats are
/// errors.
fn check_chars(lit: &LitStr, errors: &Errors) -> Option<Vec<char>> {
    let text = lit.value();
    if text.is_empty() {
        errors.at(lit.span(), "`chars` is empty: name at least one character");
        return None;
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
        return None;
    }
    Some(count.into_keys().collect())
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

/// The whole set: table, packed coverage, line metrics.
struct GlyphSet {
    glyphs: Vec<Glyph>,
    data: Vec<u8>,
    line_height: u16,
    ascent: u16,
    space_advance: u16,
    file: Option<String>,
}

/// Reads the file and rasterises the named characters with fontdue, its geometry tuned
/// for the size drawn (`FontSettings::scale`).
fn rasterise(request: &Request, base: Base, errors: &Errors) -> Option<GlyphSet> {
    let written = request.path.value();
    let span = request.path.span();
    let (dir, from) = match base {
        Base::File(dir) => (dir, "this file's directory"),
        Base::Crate => (
            std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from),
            "the crate's directory",
        ),
    };
    let file = dir.join(&written);
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(err) => {
            errors.at(
                span,
                format!("cannot read `{written}` (from {from}): {}", err.kind()),
            );
            return None;
        }
    };
    let size = request.size_px as f32;
    let settings = fontdue::FontSettings {
        scale: size,
        ..fontdue::FontSettings::default()
    };
    let font = match fontdue::Font::from_bytes(bytes.as_slice(), settings) {
        Ok(font) => font,
        Err(why) => {
            errors.at(
                span,
                format!("`{written}` is not a TrueType or OpenType font: {why}"),
            );
            return None;
        }
    };
    let Some(line) = font.horizontal_line_metrics(size) else {
        errors.at(span, format!("`{written}` has no horizontal line metrics"));
        return None;
    };
    let ascent = line.ascent.round() as i32;
    let levels = (1u32 << request.bits) - 1;
    let mut glyphs = Vec::new();
    let mut data = Vec::new();
    let missing: Vec<String> = request
        .chars
        .iter()
        .filter(|c| font.lookup_glyph_index(**c) == 0)
        .map(|c| format!("{c:?} (U+{:04X})", u32::from(*c)))
        .collect();
    if !missing.is_empty() {
        errors.at(
            request.chars_span,
            format!("`{written}` has no glyph for {}", missing.join(", ")),
        );
        return None;
    }
    for &ch in &request.chars {
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
                    // fontdue's ymin is the bitmap's bottom above the baseline (y up).
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
                request.chars_span,
                format!("the glyph of {ch:?} is too large at this size"),
            );
            return None;
        };
        if !(0.0..=f32::from(u16::MAX)).contains(&advance) {
            errors.at(
                request.chars_span,
                format!("the advance of {ch:?} is out of range"),
            );
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
    let space = font.metrics(' ', size).advance_width.round();
    Some(GlyphSet {
        glyphs,
        data,
        line_height: clamp_u16(line.new_line_size.round()),
        ascent: clamp_u16(line.ascent.round()),
        space_advance: clamp_u16(space),
        file: file.to_str().map(str::to_owned),
    })
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
    // Ties the crate to the file, so that cargo rebuilds it when the font changes.
    let track = set.file.as_ref().map(|file| {
        let file = LitStr::new(file, request.path.span());
        quote! { const _: &[u8] = ::core::include_bytes!(#file); }
    });
    let bits = Literal::u8_unsuffixed(request.bits as u8);
    let size = Literal::u16_unsuffixed(request.size_px as u16);
    let line_height = Literal::u16_unsuffixed(set.line_height);
    let ascent = Literal::u16_unsuffixed(set.ascent);
    let space = Literal::u16_unsuffixed(set.space_advance);
    quote! {
        {
            #track
            const GLYPHS: &[::sprig::render::font::AaGlyph] = &[#(#glyphs),*];
            const DATA: &[u8] = #data;
            ::sprig::render::font::AaFont {
                glyphs: GLYPHS,
                data: DATA,
                bits_per_pixel: #bits,
                size_px: #size,
                line_height: #line_height,
                ascent: #ascent,
                space_advance: #space,
            }
        }
    }
}
