//! Damaged screen areas, kept as a short list of rectangles merged by what they cost to
//! send over the display bus.
//!
//! The dirty regions: every change that affects pixels damages the old and the new
//! screen bounds, a frame redraws and flushes only the damaged rectangles, and a still
//! frame flushes nothing.
//!
//! # Why cost, not area
//!
//! A display controller is sent a window command (column and row range, then "write
//! memory") and then the pixels. Two small areas far apart are cheaper as two windows;
//! two areas close together are cheaper as one window, because the pixels in between
//! cost less than a second command. [`BusCost`] prices a rectangle as
//! `pixels × bits_per_pixel + 8 × bytes_per_rect`, and [`Damage`] merges two rectangles
//! into their bounding box exactly when that price does not go up. LVGL instead joins two
//! areas only when the joined area is smaller than both together and repaints the whole
//! screen when its 32 slots overflow; Slint keeps at most 3 rectangles.
//!
//! # The algorithm of [`Damage::add`]
//!
//! 1. The rectangle is clipped to the screen; an empty result is ignored.
//! 2. If one rectangle of the list already covers it, nothing changes.
//! 3. Rectangles it covers are dropped.
//! 4. *Trim*: where a listed rectangle covers the new one across its full width (or
//!    height) and overlaps one of its ends, that end is cut off, because those pixels are
//!    sent anyway. Repeated until nothing more can be cut; if nothing is left (the new
//!    rectangle was covered by several listed ones together), the list is as before but
//!    without the dropped rectangles.
//! 5. *Absorb*: the new rectangle is merged with the listed rectangle whose merge saves
//!    the most (`cost(a) + cost(b) − cost(a ∪ b)`, which must be ≥ 0), and again with
//!    the grown rectangle, while such a merge exists. Ties go to the rectangle earliest
//!    in the list.
//! 6. *Overflow*: if the list is full, the pair, among the listed rectangles and the new
//!    one, whose merge increases the cost least is merged, the result is absorbed as in
//!    step 5, and this repeats until the rectangle fits. Ties go to the first pair
//!    `(i, j)`, `i < j`, in list order with the new rectangle counted after the last.
//! 7. *Collapse*: if the bounding box of the whole list costs no more than the list, the
//!    list becomes that one rectangle.
//!
//! Removing a rectangle keeps the order of the others; a new or merged rectangle is
//! appended at the end. So the result is deterministic, and afterwards:
//!
//! - every pixel of every added (clipped) rectangle is inside some listed rectangle;
//! - no two listed rectangles could be merged without raising the cost, so rectangles
//!   overlap only when their bounding box would cost more than sending the overlap twice;
//! - the list costs no more than its bounding box, hence no more than the bounding box
//!   of everything added.
//!
//! An `add` takes O(R²) time for a list of capacity `R` and never allocates or panics.
//! Edges are computed in `i64`, so even a screen at the ends of the `i32` coordinate range
//! cannot overflow. Costs are saturating `u64` (cheap on a 32-bit MCU, unlike `u128`):
//! exact for any real display (a 65535 × 65535 screen at 32 bpp costs under 2³⁸ bits);
//! where they would saturate, merges may be chosen differently but every guarantee above
//! still holds.

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::primitives::Rectangle;

/// What sending a rectangle of pixels over the display bus costs: the pixel data at
/// `bits_per_pixel`, plus a fixed window command of `bytes_per_rect` bytes.
///
/// Typical window commands: an SSD1306 takes `0x21 x0 x1 0x22 p0 p1` (6 bytes), an
/// SSD0323 `0x15 x0 x1 0x75 y0 y1` (6 bytes; the SSD1322 adds `0x5C`, 7), and a
/// MIPI DCS panel (ST7789, ILI9341, GC9A01) `CASET`+4, `RASET`+4, `RAMWR`: 11 bytes
/// including the command bytes. On a slow bus or one where each command also toggles the
/// D/C line and chip select, a larger `bytes_per_rect` models that overhead.
///
/// ```
/// use embedded_graphics::geometry::{Point, Size};
/// use embedded_graphics::primitives::Rectangle;
/// use sprig::render::damage::BusCost;
///
/// let cost = BusCost::new(16, 11);
/// let rect = Rectangle::new(Point::new(0, 0), Size::new(10, 4));
/// assert_eq!(cost.cost_bits(&rect), 40 * 16 + 11 * 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BusCost {
    /// Bits sent per pixel (1 for monochrome, 4 for Gray4, 16 for Rgb565, 24 for
    /// Rgb666/Rgb888 over SPI).
    pub bits_per_pixel: u32,
    /// Bytes of commands sent per rectangle before its pixels.
    pub bytes_per_rect: u32,
}

impl BusCost {
    /// A monochrome SSD1306-style panel: 1 bit per pixel, a 6-byte window command.
    ///
    /// The SSD1306 addresses rows in pages of 8; a platform flushing to it rounds each
    /// rectangle out to whole pages.
    ///
    /// ```
    /// use sprig::render::damage::BusCost;
    ///
    /// assert_eq!(BusCost::MONO_SSD1306, BusCost::new(1, 6));
    /// ```
    pub const MONO_SSD1306: BusCost = BusCost::new(1, 6);

    /// A 4-bit greyscale SSD0323-style OLED: 4 bits per pixel, a 6-byte window command.
    ///
    /// ```
    /// use sprig::render::damage::BusCost;
    ///
    /// assert_eq!(BusCost::GRAY4_SSD0323, BusCost::new(4, 6));
    /// ```
    pub const GRAY4_SSD0323: BusCost = BusCost::new(4, 6);

    /// An Rgb565 MIPI DCS panel (ST7789, ILI9341, GC9A01): 16 bits per pixel, 11 bytes of
    /// `CASET`, `RASET` and `RAMWR`.
    ///
    /// ```
    /// use sprig::render::damage::BusCost;
    ///
    /// assert_eq!(BusCost::RGB565_MIPI_DCS, BusCost::new(16, 11));
    /// ```
    pub const RGB565_MIPI_DCS: BusCost = BusCost::new(16, 11);

    /// An Rgb666 MIPI DCS panel on SPI, which takes 3 bytes per pixel, with the same
    /// 11-byte window command.
    ///
    /// ```
    /// use sprig::render::damage::BusCost;
    ///
    /// assert_eq!(BusCost::RGB666_MIPI_DCS, BusCost::new(24, 11));
    /// ```
    pub const RGB666_MIPI_DCS: BusCost = BusCost::new(24, 11);

    /// A bus cost from the pixel format and the window command length.
    ///
    /// ```
    /// use sprig::render::damage::BusCost;
    ///
    /// let cost = BusCost::new(4, 6);
    /// assert_eq!((cost.bits_per_pixel, cost.bytes_per_rect), (4, 6));
    /// ```
    pub const fn new(bits_per_pixel: u32, bytes_per_rect: u32) -> Self {
        BusCost {
            bits_per_pixel,
            bytes_per_rect,
        }
    }

    /// Bits on the bus to send `rect` as one window:
    /// `width × height × bits_per_pixel + 8 × bytes_per_rect`, saturating at `u64::MAX`.
    ///
    /// The rectangle is priced as given, not clipped; an empty one costs its command.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::BusCost;
    ///
    /// let rect = Rectangle::new(Point::new(5, 5), Size::new(8, 2));
    /// assert_eq!(BusCost::GRAY4_SSD0323.cost_bits(&rect), 16 * 4 + 6 * 8);
    /// ```
    pub fn cost_bits(&self, rect: &Rectangle) -> u64 {
        self.bits(Span::of(rect))
    }

    #[inline]
    fn bits(&self, span: Span) -> u64 {
        span.area()
            .saturating_mul(u64::from(self.bits_per_pixel))
            .saturating_add(u64::from(self.bytes_per_rect) * 8)
    }
}

/// The size of a damage list as it goes over the bus, as [`Damage::stats`] reports it.
///
/// `pixels` sums the area of each rectangle, so a pixel in two overlapping rectangles
/// counts twice, as it is drawn and sent twice; overlaps remain only where merging the
/// rectangles would cost more. `bytes` is `ceil(pixels × bits_per_pixel / 8) + rects ×
/// bytes_per_rect`.
///
/// ```
/// use embedded_graphics::geometry::{Point, Size};
/// use embedded_graphics::primitives::Rectangle;
/// use sprig::render::damage::{BusCost, Damage, DamageStats};
///
/// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
/// let mut damage: Damage<4> = Damage::new(screen, BusCost::GRAY4_SSD0323);
/// damage.add(Rectangle::new(Point::new(0, 0), Size::new(3, 3)));
/// assert_eq!(damage.stats(), DamageStats { rects: 1, pixels: 9, bytes: 5 + 6 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DamageStats {
    /// Number of rectangles (window commands).
    pub rects: u32,
    /// Pixels drawn and sent, summed over the rectangles.
    pub pixels: u64,
    /// Bytes on the bus: pixel data rounded up to whole bytes, plus the commands.
    pub bytes: u64,
}

/// The damaged areas of one screen since the last frame: at most `R` rectangles, merged
/// by their [`BusCost`] (see the [module documentation](self) for the algorithm and its
/// guarantees).
///
/// `R` must be at least 1; `Damage<0>` does not compile.
///
/// ```
/// use embedded_graphics::geometry::{Point, Size};
/// use embedded_graphics::primitives::Rectangle;
/// use sprig::render::damage::{BusCost, Damage};
///
/// let screen = Rectangle::new(Point::zero(), Size::new(240, 240));
/// let mut damage: Damage<8> = Damage::new(screen, BusCost::RGB565_MIPI_DCS);
/// // A 16×16 sprite moves 2 px right: its old and new bounds merge into one window.
/// damage.add(Rectangle::new(Point::new(100, 50), Size::new(16, 16)));
/// damage.add(Rectangle::new(Point::new(102, 50), Size::new(16, 16)));
/// assert_eq!(damage.rects(), [Rectangle::new(Point::new(100, 50), Size::new(18, 16))]);
/// // A far-away one stays separate: its own window is cheaper than the pixels between.
/// damage.add(Rectangle::new(Point::new(0, 200), Size::new(8, 8)));
/// assert_eq!(damage.rects().len(), 2);
/// damage.clear(); // after the frame was flushed
/// assert!(damage.is_empty());
/// ```
///
/// ```compile_fail
/// use embedded_graphics::primitives::Rectangle;
/// use sprig::render::damage::{BusCost, Damage};
///
/// let damage: Damage<0> = Damage::new(Rectangle::zero(), BusCost::new(1, 6));
/// ```
#[derive(Clone, Debug)]
pub struct Damage<const R: usize> {
    screen: Rectangle,
    cost: BusCost,
    rects: [Rectangle; R],
    len: usize,
}

impl<const R: usize> Damage<R> {
    /// An empty damage list for `screen` (rectangles are clipped to it), priced by `cost`.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    /// let damage: Damage<4> = Damage::new(screen, BusCost::MONO_SSD1306);
    /// assert!(damage.is_empty());
    /// assert_eq!(damage.screen(), screen);
    /// ```
    pub const fn new(screen: Rectangle, cost: BusCost) -> Self {
        const {
            assert!(
                R >= 1,
                "a damage list needs room for at least one rectangle"
            )
        };
        Damage {
            screen,
            cost,
            rects: [Rectangle::zero(); R],
            len: 0,
        }
    }

    /// The screen rectangles are clipped to.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(96, 64));
    /// let damage: Damage<2> = Damage::new(screen, BusCost::new(16, 11));
    /// assert_eq!(damage.screen().size, Size::new(96, 64));
    /// ```
    pub const fn screen(&self) -> Rectangle {
        self.screen
    }

    /// The bus cost merges are decided by.
    ///
    /// ```
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let damage: Damage<2> = Damage::new(Rectangle::zero(), BusCost::RGB565_MIPI_DCS);
    /// assert_eq!(damage.bus_cost(), BusCost::RGB565_MIPI_DCS);
    /// ```
    pub const fn bus_cost(&self) -> BusCost {
        self.cost
    }

    /// Damages `rect` (screen coordinates): afterwards every pixel of it that lies on the
    /// screen is inside one of [`rects`](Self::rects). Empty and off-screen rectangles
    /// are ignored, and a rectangle inside one already listed changes nothing.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::GRAY4_SSD0323);
    /// damage.add(Rectangle::new(Point::new(120, -4), Size::new(20, 10)));
    /// assert_eq!(damage.rects(), [Rectangle::new(Point::new(120, 0), Size::new(8, 6))]);
    /// damage.add(Rectangle::new(Point::new(122, 1), Size::new(2, 2))); // already covered
    /// damage.add(Rectangle::new(Point::new(10, 10), Size::zero())); // empty
    /// assert_eq!(damage.rects().len(), 1);
    /// ```
    pub fn add(&mut self, rect: Rectangle) {
        let mut new = Span::of(&rect).intersect(Span::of(&self.screen));
        if new.is_empty() || self.spans().any(|listed| listed.contains(new)) {
            return;
        }
        self.retain(|listed| !new.contains(listed));
        if self.trim(&mut new) {
            self.insert(new);
        }
        self.collapse_if_cheaper();
    }

    /// Damages the whole screen: the list becomes the screen rectangle alone (or stays
    /// empty for a zero-sized screen).
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::MONO_SSD1306);
    /// damage.add(Rectangle::new(Point::new(3, 3), Size::new(5, 5)));
    /// damage.add_all_screen();
    /// assert_eq!(damage.rects(), [screen]);
    /// ```
    pub fn add_all_screen(&mut self) {
        self.len = 0;
        let screen = Span::of(&self.screen);
        if !screen.is_empty() {
            self.push(screen);
        }
    }

    /// Whether nothing is damaged, so a frame has nothing to draw or flush.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::MONO_SSD1306);
    /// assert!(damage.is_empty());
    /// damage.add(Rectangle::new(Point::new(1, 1), Size::new(1, 1)));
    /// assert!(!damage.is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The damaged rectangles, non-empty and inside the screen, in the order described in
    /// the [module documentation](self).
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::new(4, 0));
    /// let a = Rectangle::new(Point::new(0, 0), Size::new(4, 4));
    /// let b = Rectangle::new(Point::new(100, 40), Size::new(4, 4));
    /// damage.add(a);
    /// damage.add(b);
    /// assert_eq!(damage.rects(), [a, b]);
    /// ```
    pub fn rects(&self) -> &[Rectangle] {
        self.rects.get(..self.len).unwrap_or(&[])
    }

    /// Forgets all damage, typically once a frame has been flushed.
    ///
    /// ```
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let mut damage: Damage<4> = Damage::new(Rectangle::zero(), BusCost::MONO_SSD1306);
    /// damage.add_all_screen();
    /// damage.clear();
    /// assert!(damage.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Bits on the bus to send every listed rectangle: the sum of
    /// [`BusCost::cost_bits`], saturating at `u64::MAX`.
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(240, 240));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::RGB565_MIPI_DCS);
    /// damage.add(Rectangle::new(Point::new(0, 0), Size::new(10, 10)));
    /// assert_eq!(damage.cost(), 100 * 16 + 11 * 8);
    /// ```
    pub fn cost(&self) -> u64 {
        self.total_bits()
    }

    /// Rectangles, pixels and bytes this damage takes to flush (see [`DamageStats`]).
    ///
    /// ```
    /// use embedded_graphics::geometry::{Point, Size};
    /// use embedded_graphics::primitives::Rectangle;
    /// use sprig::render::damage::{BusCost, Damage, DamageStats};
    ///
    /// let screen = Rectangle::new(Point::zero(), Size::new(240, 240));
    /// let mut damage: Damage<4> = Damage::new(screen, BusCost::RGB565_MIPI_DCS);
    /// damage.add(Rectangle::new(Point::new(0, 0), Size::new(10, 10)));
    /// assert_eq!(damage.stats(), DamageStats { rects: 1, pixels: 100, bytes: 200 + 11 });
    /// ```
    pub fn stats(&self) -> DamageStats {
        let rects = self.rects().len();
        let pixels = self
            .spans()
            .fold(0u64, |sum, span| sum.saturating_add(span.area()));
        let pixel_bytes = (u128::from(pixels) * u128::from(self.cost.bits_per_pixel)).div_ceil(8);
        let command_bytes = (rects as u128).saturating_mul(u128::from(self.cost.bytes_per_rect));
        DamageStats {
            rects: u32::try_from(rects).unwrap_or(u32::MAX),
            pixels,
            bytes: saturate(pixel_bytes.saturating_add(command_bytes)),
        }
    }

    fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        self.rects().iter().map(Span::of)
    }

    fn span_at(&self, index: usize) -> Span {
        self.rects().get(index).map_or(Span::EMPTY, Span::of)
    }

    fn total_bits(&self) -> u64 {
        self.spans()
            .fold(0u64, |sum, span| sum.saturating_add(self.cost.bits(span)))
    }

    /// Appends `span`; callers make room first, and a full list ignores it rather than
    /// panic.
    fn push(&mut self, span: Span) {
        if let Some(slot) = self.rects.get_mut(self.len) {
            *slot = span.to_rect();
            self.len += 1;
        }
    }

    /// Removes the rectangle at `index`, keeping the others in order.
    fn remove(&mut self, index: usize) -> Span {
        let span = self.span_at(index);
        if index < self.len {
            self.rects.copy_within(index + 1..self.len, index);
            self.len -= 1;
        }
        span
    }

    fn retain(&mut self, keep: impl Fn(Span) -> bool) {
        let mut kept = 0;
        for index in 0..self.len {
            let rect = self.rects[index];
            if keep(Span::of(&rect)) {
                self.rects[kept] = rect;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Cuts off the ends of `new` that a listed rectangle covers across the full width or
    /// height; returns whether anything is left. Each listed rectangle cuts at most once
    /// (afterwards it no longer overlaps `new`), so this ends after at most `R + 1` passes.
    fn trim(&self, new: &mut Span) -> bool {
        loop {
            let mut cut = false;
            for listed in self.spans() {
                let spans_width = listed.left <= new.left && listed.right >= new.right;
                let spans_height = listed.top <= new.top && listed.bottom >= new.bottom;
                if spans_width && listed.top <= new.top && listed.bottom > new.top {
                    new.top = listed.bottom;
                    cut = true;
                } else if spans_width && listed.bottom >= new.bottom && listed.top < new.bottom {
                    new.bottom = listed.top;
                    cut = true;
                } else if spans_height && listed.left <= new.left && listed.right > new.left {
                    new.left = listed.right;
                    cut = true;
                } else if spans_height && listed.right >= new.right && listed.left < new.right {
                    new.right = listed.left;
                    cut = true;
                }
                if new.is_empty() {
                    return false;
                }
            }
            if !cut {
                return true;
            }
        }
    }

    /// Merges `span` with listed rectangles while a merge does not raise the cost, the
    /// largest saving first (ties: earliest in the list); returns the grown rectangle,
    /// which is not in the list.
    fn absorb(&mut self, mut span: Span) -> Span {
        loop {
            let span_bits = self.cost.bits(span);
            let mut best: Option<(usize, u64)> = None;
            for (index, listed) in self.spans().enumerate() {
                let apart = span_bits.saturating_add(self.cost.bits(listed));
                let merged = self.cost.bits(span.union(listed));
                if merged <= apart {
                    let saving = apart - merged;
                    if best.is_none_or(|(_, best_saving)| saving > best_saving) {
                        best = Some((index, saving));
                    }
                }
            }
            match best {
                Some((index, _)) => {
                    let listed = self.remove(index);
                    span = span.union(listed);
                }
                None => return span,
            }
        }
    }

    /// Absorbs `span`, then makes room for it by merging the cheapest pairs.
    fn insert(&mut self, span: Span) {
        let mut pending = self.absorb(span);
        // Each overflow merge leaves one rectangle fewer between the list and `pending`,
        // so this loop runs at most `R` times.
        while self.len >= R {
            let (first, second) = self.cheapest_pair(pending);
            if second == self.len {
                let listed = self.remove(first);
                pending = pending.union(listed);
            } else {
                let b = self.remove(second);
                let a = self.remove(first);
                self.push(pending);
                pending = a.union(b);
            }
            pending = self.absorb(pending);
        }
        self.push(pending);
    }

    /// The pair `(i, j)`, `i < j`, whose merge raises the cost least, where index `len`
    /// stands for `pending`; ties go to the lexicographically first pair.
    fn cheapest_pair(&self, pending: Span) -> (usize, usize) {
        let at = |index: usize| {
            if index == self.len {
                pending
            } else {
                self.span_at(index)
            }
        };
        // Each rectangle's own cost once, not once per pair.
        let mut own_bits = [0u64; R];
        for (bits, span) in own_bits.iter_mut().zip(self.spans()) {
            *bits = self.cost.bits(span);
        }
        let pending_bits = self.cost.bits(pending);
        let bits_at = |index: usize| {
            if index == self.len {
                pending_bits
            } else {
                own_bits.get(index).copied().unwrap_or(pending_bits)
            }
        };
        let mut best = (0, self.len);
        let mut best_increase = i128::MAX;
        for first in 0..self.len {
            let (a, a_bits) = (at(first), bits_at(first));
            for second in first + 1..=self.len {
                let merged_bits = self.cost.bits(a.union(at(second)));
                let increase =
                    i128::from(merged_bits) - i128::from(a_bits) - i128::from(bits_at(second));
                if increase < best_increase {
                    best = (first, second);
                    best_increase = increase;
                }
            }
        }
        best
    }

    /// Replaces the list with its bounding box when that costs no more.
    fn collapse_if_cheaper(&mut self) {
        if self.len < 2 {
            return;
        }
        let bounds = self.spans().fold(Span::EMPTY, Span::union);
        if self.cost.bits(bounds) <= self.total_bits() {
            self.len = 0;
            self.push(bounds);
        }
    }
}

/// A rectangle as edges in `i64`, right and bottom exclusive, so no arithmetic on
/// `Rectangle`'s `i32` corners can overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    left: i64,
    top: i64,
    right: i64,
    bottom: i64,
}

impl Span {
    /// The identity of [`Span::union`].
    const EMPTY: Span = Span {
        left: i64::MAX,
        top: i64::MAX,
        right: i64::MIN,
        bottom: i64::MIN,
    };

    #[inline]
    fn of(rect: &Rectangle) -> Span {
        let left = i64::from(rect.top_left.x);
        let top = i64::from(rect.top_left.y);
        Span {
            left,
            top,
            right: left + i64::from(rect.size.width),
            bottom: top + i64::from(rect.size.height),
        }
    }

    /// Back to a `Rectangle`. Only called on non-empty spans inside the screen (clipped
    /// rectangles and bounding boxes of them), whose corners fit `i32` and whose sides fit
    /// `u32`, so the casts are exact.
    #[inline]
    fn to_rect(self) -> Rectangle {
        Rectangle::new(
            Point::new(self.left as i32, self.top as i32),
            Size::new(
                (self.right - self.left) as u32,
                (self.bottom - self.top) as u32,
            ),
        )
    }

    #[inline]
    fn is_empty(self) -> bool {
        self.left >= self.right || self.top >= self.bottom
    }

    #[inline]
    fn area(self) -> u64 {
        if self.is_empty() {
            0
        } else {
            // Every span is a `Rectangle`, a part of one or a bounding box inside the
            // screen, so both sides fit `u32` and the product fits `u64` exactly.
            (self.right - self.left) as u64 * (self.bottom - self.top) as u64
        }
    }

    #[inline]
    fn intersect(self, other: Span) -> Span {
        Span {
            left: self.left.max(other.left),
            top: self.top.max(other.top),
            right: self.right.min(other.right),
            bottom: self.bottom.min(other.bottom),
        }
    }

    /// The bounding box of both.
    #[inline]
    fn union(self, other: Span) -> Span {
        Span {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    /// Whether every pixel of `inner` is in `self`; `inner` must not be empty.
    #[inline]
    fn contains(self, inner: Span) -> bool {
        self.left <= inner.left
            && self.top <= inner.top
            && self.right >= inner.right
            && self.bottom >= inner.bottom
    }
}

fn saturate(value: u128) -> u64 {
    u64::try_from(value).unwrap_or(u64::MAX)
}
