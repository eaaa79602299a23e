//! A small hash for [`Draw::appearance`](crate::render::Draw::appearance) and the
//! renderer's own change detection: FNV-1a over 32-bit words.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};

/// Accumulates words into a 32-bit FNV-1a hash.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::Fingerprint;
///
/// let a = Fingerprint::new().color(Rgb888::new(1, 2, 3)).float(0.5).finish();
/// let b = Fingerprint::new().color(Rgb888::new(1, 2, 3)).float(0.25).finish();
/// assert_ne!(a, b);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u32);

impl Default for Fingerprint {
    fn default() -> Self {
        Self::new()
    }
}

impl Fingerprint {
    /// The empty hash.
    pub const fn new() -> Self {
        Fingerprint(0x811c_9dc5)
    }

    /// Adds a word.
    pub fn word(mut self, word: u32) -> Self {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
        self
    }

    /// Adds a float by its bits.
    pub fn float(self, value: f32) -> Self {
        self.word(value.to_bits())
    }

    /// Adds a colour.
    pub fn color(self, color: Rgb888) -> Self {
        self.word(u32::from(color.r()) << 16 | u32::from(color.g()) << 8 | u32::from(color.b()))
    }

    /// Adds bytes (text, image data).
    pub fn bytes(mut self, bytes: &[u8]) -> Self {
        for &byte in bytes {
            self.0 = (self.0 ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
        self.word(bytes.len() as u32)
    }

    /// The hash.
    pub const fn finish(self) -> u32 {
        self.0
    }
}
