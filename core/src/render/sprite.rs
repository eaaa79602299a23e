//! Sprite sheets and the sprite component (Cocos Creator 2.4 `cc.SpriteAtlas`,
//! `cc.SpriteFrame`, `cc.Sprite`): one image holding many frames, each a rectangle of
//! it, declared in `const` items so that a sheet costs its image and a few bytes of
//! flash; a [`Sprite`] shows one frame, drawn as an [`Image`] is (alpha, fixed-point
//! sampling, `docs/images.md`). Frame animation drives a sprite's frame index
//! (`sprig_ui::SpriteAnimation`).

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::image::{area, draw_region, Decoded, Region};
use crate::render::Image;
use crate::{Component, Error, HookMask, Hooks, Rect};
use embedded_graphics::geometry::Size;

/// A rectangle of a sheet's image, in pixels from its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteFrame {
    /// Left edge.
    pub x: u16,
    /// Top edge.
    pub y: u16,
    /// Width in pixels.
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
}

impl SpriteFrame {
    /// The frame at `(x, y)` of `width × height` pixels.
    pub const fn new(x: u16, y: u16, width: u16, height: u16) -> Self {
        SpriteFrame {
            x,
            y,
            width,
            height,
        }
    }

    fn region(self) -> Region {
        Region {
            x: u32::from(self.x),
            y: u32::from(self.y),
            width: u32::from(self.width),
            height: u32::from(self.height),
        }
    }
}

/// How a sheet's frames are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameLayout {
    /// Equal frames in rows, left to right and then down, from the top-left corner
    /// (what most sprite tools export): frame `i` is at column `i % columns`, row
    /// `i / columns`.
    Grid {
        /// Frame width in pixels.
        frame_width: u16,
        /// Frame height in pixels.
        frame_height: u16,
        /// Frames per row (at least 1).
        columns: u16,
        /// How many frames there are.
        count: u16,
    },
    /// Frames listed one by one (a packed atlas).
    List(&'static [SpriteFrame]),
}

/// An image holding many frames (Cocos `cc.SpriteAtlas`), with optional names.
///
/// Everything is `const`: declare a sheet as a `static` and look frames up by index, or
/// by name at compile time with [`SpriteSheet::index_of`].
///
/// ```
/// use sprig::render::{Image, SpriteFrame, SpriteSheet};
///
/// // Four 8 × 8 frames in a row of a 32 × 8 image (raw RGBA here; usually a file).
/// static PIXELS: [u8; 32 * 8 * 4] = [0; 32 * 8 * 4];
/// static SHEET: SpriteSheet = SpriteSheet::grid(Image::rgba(&PIXELS, 32), 8, 8, 4, 4)
///     .with_names(&["idle", "step", "jump", "land"]);
/// const JUMP: u16 = SHEET.index_of("jump").unwrap();
///
/// assert_eq!(JUMP, 2);
/// assert_eq!(SHEET.len(), 4);
/// assert_eq!(SHEET.frame(JUMP), Some(SpriteFrame::new(16, 0, 8, 8)));
/// assert_eq!(SHEET.frame(4), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteSheet {
    /// The image the frames are cut from, with its transparency.
    pub image: Image,
    /// Where the frames are.
    pub layout: FrameLayout,
    /// Frame names, by index (may be shorter than the frame list, or empty).
    pub names: &'static [&'static str],
}

impl SpriteSheet {
    /// A sheet of `count` equal frames of `frame_width × frame_height`, `columns` a row.
    pub const fn grid(
        image: Image,
        frame_width: u16,
        frame_height: u16,
        columns: u16,
        count: u16,
    ) -> Self {
        SpriteSheet {
            image,
            layout: FrameLayout::Grid {
                frame_width,
                frame_height,
                columns,
                count,
            },
            names: &[],
        }
    }

    /// A sheet whose frames are listed one by one.
    pub const fn list(image: Image, frames: &'static [SpriteFrame]) -> Self {
        SpriteSheet {
            image,
            layout: FrameLayout::List(frames),
            names: &[],
        }
    }

    /// This sheet with frame names: `names[i]` names frame `i`.
    pub const fn with_names(mut self, names: &'static [&'static str]) -> Self {
        self.names = names;
        self
    }

    /// How many frames the sheet has.
    pub const fn len(&self) -> u16 {
        match self.layout {
            FrameLayout::Grid { count, .. } => count,
            FrameLayout::List(frames) => {
                if frames.len() > u16::MAX as usize {
                    u16::MAX
                } else {
                    frames.len() as u16
                }
            }
        }
    }

    /// Whether the sheet has no frames.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Frame `index`, if there is one. (Whether it lies inside the image is checked
    /// when it is drawn: a frame that does not draws nothing.)
    pub const fn frame(&self, index: u16) -> Option<SpriteFrame> {
        match self.layout {
            FrameLayout::Grid {
                frame_width,
                frame_height,
                columns,
                count,
            } => {
                if index >= count || columns == 0 {
                    return None;
                }
                let (column, row) = (index % columns, index / columns);
                let (Some(x), Some(y)) = (
                    column.checked_mul(frame_width),
                    row.checked_mul(frame_height),
                ) else {
                    return None;
                };
                Some(SpriteFrame::new(x, y, frame_width, frame_height))
            }
            FrameLayout::List(frames) => {
                if (index as usize) < frames.len() {
                    Some(frames[index as usize])
                } else {
                    None
                }
            }
        }
    }

    /// The index of the frame called `name`; usable in a `const` (a name that is not
    /// there is then a compile error through `unwrap`).
    pub const fn index_of(&self, name: &str) -> Option<u16> {
        let mut i = 0;
        while i < self.names.len() && i < self.len() as usize {
            if str_eq(self.names[i], name) {
                return Some(i as u16);
            }
            i += 1;
        }
        None
    }
}

/// `a == b`, in a `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One frame of a [`SpriteSheet`] drawn in its node (Cocos `cc.Sprite` with a
/// `spriteFrame`).
///
/// The frame is drawn as an [`Image`] of the frame's size would be: stretched over the
/// node's content rectangle, or at its own size at the anchor on an axis where the
/// content size is zero; blended with the sheet's transparency and the node's opacity.
/// A frame index the sheet does not have, or a frame outside the image, draws nothing.
///
/// ```
/// use sprig::render::{Image, Sprite, SpriteSheet};
///
/// static PIXELS: [u8; 16 * 8 * 4] = [0; 16 * 8 * 4];
/// static SHEET: SpriteSheet = SpriteSheet::grid(Image::rgba(&PIXELS, 16), 8, 8, 2, 2)
///     .with_names(&["open", "shut"]);
///
/// let mut eye = Sprite::new(&SHEET, 0);
/// eye.set_frame_named("shut")?;
/// assert_eq!(eye.frame, 1);
/// assert!(eye.set_frame(2).is_err()); // only two frames; nothing changes
/// assert_eq!(eye.frame, 1);
/// # Ok::<(), sprig::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sprite {
    /// The sheet.
    pub sheet: &'static SpriteSheet,
    /// The index of the frame shown.
    pub frame: u16,
}

impl Sprite {
    /// A sprite showing frame `frame` of `sheet`.
    pub const fn new(sheet: &'static SpriteSheet, frame: u16) -> Self {
        Sprite { sheet, frame }
    }

    /// Shows frame `index`; [`Error::InvalidValue`] (and no change) when the sheet has
    /// no such frame.
    pub fn set_frame(&mut self, index: u16) -> Result<(), Error> {
        self.sheet.frame(index).ok_or(Error::InvalidValue)?;
        self.frame = index;
        Ok(())
    }

    /// Shows the frame called `name`; [`Error::InvalidValue`] (and no change) when the
    /// sheet has no frame of that name.
    pub fn set_frame_named(&mut self, name: &str) -> Result<(), Error> {
        let index = self.sheet.index_of(name).ok_or(Error::InvalidValue)?;
        self.set_frame(index)
    }

    /// The frame shown, with its index checked against the sheet.
    fn current(&self) -> Option<SpriteFrame> {
        self.sheet.frame(self.frame)
    }

    /// The frame's size in pixels (zero when there is no such frame).
    pub fn size(&self) -> Size {
        self.current().map_or(Size::zero(), |f| {
            Size::new(u32::from(f.width), u32::from(f.height))
        })
    }
}

impl Component for Sprite {
    const NAME: &'static str = "Sprite";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Sprite {}

impl Draw for Sprite {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let (Some(frame), Some(image)) = (self.current(), Decoded::new(&self.sheet.image.source))
        else {
            return;
        };
        let Some(region) = frame.region().within(image.size()) else {
            return;
        };
        let area = area(canvas.content(), self.size());
        draw_region(canvas, &image, region, area, self.sheet.image.transparency);
    }

    /// Covers the frame's rectangle and the sheet's image (its identity, as [`Image`]
    /// has it, and its transparency). Changing the frame index to another frame changes
    /// it; two indices naming the same rectangle look alike. No byte of the sheet is
    /// read, so a big sheet costs no more per frame than a small one.
    fn appearance(&self) -> u32 {
        let f = self.current().unwrap_or(SpriteFrame::new(0, 0, 0, 0));
        self.sheet
            .image
            .fingerprint()
            .word(u32::from(f.x) | u32::from(f.y) << 16)
            .word(u32::from(f.width) | u32::from(f.height) << 16)
            .finish()
    }

    /// The rectangle the frame fills; the content rectangle when it has a size.
    fn local_bounds(&self, content: Rect) -> Rect {
        if content.width > 0.0 && content.height > 0.0 {
            return content;
        }
        area(content, self.size())
    }
}
