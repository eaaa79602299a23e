//! What the value pickers ([`Checkbox`](crate::Checkbox), [`Spinbox`](crate::Spinbox),
//! [`Dropdown`](crate::Dropdown), [`Roller`](crate::Roller)) share: their colours
//! ([`PickerStyle`]), the fixed-capacity list of option texts the dropdown and the
//! roller choose from ([`Options`]), and how they build the nodes they draw with.
//!
//! A picker draws with the core's drawables: when it loads, it creates child nodes of
//! its own node carrying a [`Shape`] or a
//! [`Label`] (each picker's doc lists them), so the world's
//! component set must hold `Shape` and `Label` (the roller's also `Clip`), with room for
//! them. If a node or component cannot be made (an arena full, a type not in the set),
//! the picker's `on_load` returns that error (the world counts it: `hook_errors`,
//! `last_hook_error`), destroys the parts it had made, and the picker stays inert. Its
//! parts follow the picker's node when a layout resizes it.
//!
//! ```
//! use sprig_ui::picker::{Options, MAX_OPTIONS};
//!
//! let mut units = Options::new(&["Celsius", "Fahrenheit"])?;
//! units.push("Kelvin")?;
//! assert_eq!(units.as_slice(), ["Celsius", "Fahrenheit", "Kelvin"]);
//! assert_eq!(units.len(), 3);
//! let too_many = [""; MAX_OPTIONS + 1];
//! assert_eq!(Options::new(&too_many), Err(sprig::Error::QueueFull));
//! # Ok::<(), sprig::Error>(())
//! ```

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{HorizontalAlign, Overflow, VerticalAlign, DEFAULT_LABEL_CAPACITY};
use sprig::render::{Label, Shape};
use sprig::{AnyWorld, Error, NodeId, Size2, Vec2};

/// The colours a picker draws with.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig_ui::PickerStyle;
///
/// let amber = PickerStyle { accent: Rgb888::new(255, 190, 0), ..PickerStyle::DARK };
/// assert_eq!(amber.background, PickerStyle::DARK.background);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PickerStyle {
    /// The face's fill.
    pub background: Rgb888,
    /// The face's outline (one pixel wide).
    pub border: Rgb888,
    /// The text.
    pub text: Rgb888,
    /// The check mark, the dropdown's highlighted row, the roller's selection band.
    pub accent: Rgb888,
    /// Text drawn on the accent.
    pub accent_text: Rgb888,
}

impl PickerStyle {
    /// Light text on a dark face with a blue accent (the default).
    pub const DARK: PickerStyle = PickerStyle {
        background: Rgb888::new(30, 30, 30),
        border: Rgb888::new(160, 160, 160),
        text: Rgb888::new(255, 255, 255),
        accent: Rgb888::new(0, 120, 215),
        accent_text: Rgb888::new(255, 255, 255),
    };
}

impl Default for PickerStyle {
    fn default() -> Self {
        PickerStyle::DARK
    }
}

/// The most options a [`Dropdown`](crate::Dropdown) or a [`Roller`](crate::Roller)
/// holds.
pub const MAX_OPTIONS: usize = 16;

/// The option texts a dropdown or a roller chooses from: at most [`MAX_OPTIONS`], each
/// at most [`DEFAULT_LABEL_CAPACITY`] bytes (the row's label holds it). See the module
/// doc for an example.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    items: heapless::Vec<&'static str, MAX_OPTIONS>,
}

impl Options {
    /// No options.
    pub const fn empty() -> Self {
        Options {
            items: heapless::Vec::new(),
        }
    }

    /// These options, in order. Errors: `QueueFull` for more than [`MAX_OPTIONS`],
    /// `TextTooLong` for a text longer than a label holds.
    pub fn new(options: &[&'static str]) -> Result<Self, Error> {
        let mut all = Options::empty();
        if options.len() > MAX_OPTIONS {
            return Err(Error::QueueFull);
        }
        for &text in options {
            all.push(text)?;
        }
        Ok(all)
    }

    /// Adds an option at the end. Errors, changing nothing: `QueueFull` when it holds
    /// [`MAX_OPTIONS`] already, `TextTooLong` for a text longer than a label holds.
    pub fn push(&mut self, text: &'static str) -> Result<(), Error> {
        check_text(text)?;
        self.items.push(text).map_err(|_| Error::QueueFull)
    }

    /// The options, in order.
    pub fn as_slice(&self) -> &[&'static str] {
        &self.items
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Option `index`'s text.
    pub fn get(&self, index: usize) -> Option<&'static str> {
        self.items.get(index).copied()
    }
}

/// `TextTooLong` for a text a part's label cannot hold.
pub(crate) fn check_text(text: &str) -> Result<(), Error> {
    if text.len() > DEFAULT_LABEL_CAPACITY {
        return Err(Error::TextTooLong {
            len: u16::try_from(text.len()).unwrap_or(u16::MAX),
            capacity: DEFAULT_LABEL_CAPACITY as u16,
        });
    }
    Ok(())
}

/// The nodes made so far while building a picker's parts, destroyed again if a later
/// step fails.
pub(crate) struct Made {
    nodes: heapless::Vec<NodeId, { MAX_OPTIONS + 8 }>,
}

impl Made {
    /// Creates a child of `parent` named `name`, remembered for a rollback.
    pub(crate) fn child(
        &mut self,
        world: &mut impl AnyWorld,
        parent: NodeId,
        name: &str,
    ) -> Result<NodeId, Error> {
        let node = world.create_child(parent, name)?;
        if self.nodes.push(node).is_err() {
            // Cannot happen with the parts the pickers make; refused all the same.
            let _ = world.destroy(node);
            return Err(Error::QueueFull);
        }
        Ok(node)
    }
}

/// Runs `make`, and if it fails destroys every node it made before returning the error.
pub(crate) fn build<W: AnyWorld, T>(
    world: &mut W,
    make: impl FnOnce(&mut W, &mut Made) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut made = Made {
        nodes: heapless::Vec::new(),
    };
    match make(world, &mut made) {
        Ok(done) => Ok(done),
        Err(e) => {
            for &node in made.nodes.iter().rev() {
                // A child may already be going with its parent: nothing more to undo.
                let _ = world.destroy(node);
            }
            Err(e)
        }
    }
}

/// A rectangle in a node's own space (origin at its content box's bottom-left, y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Area {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl Area {
    pub(crate) const fn new(x: f32, y: f32, width: f32, height: f32) -> Self {
        Area {
            x,
            y,
            width,
            height,
        }
    }

    /// Whether `p` is inside (left and bottom edges in, right and top out, as the
    /// engine's hit rule).
    pub(crate) fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x < self.x + self.width && p.y >= self.y && p.y < self.y + self.height
    }
}

/// Gives `child` (of `parent`) the box `area` of the parent's own space, its anchor at
/// its centre.
pub(crate) fn place(
    world: &mut impl AnyWorld,
    parent: NodeId,
    child: NodeId,
    area: Area,
) -> Result<(), Error> {
    let size = world.content_size(parent)?;
    let anchor = world.anchor(parent)?;
    let centre = Vec2::new(
        area.x + area.width / 2.0 - anchor.x * size.width,
        area.y + area.height / 2.0 - anchor.y * size.height,
    );
    let own = Size2::new(area.width.max(0.0), area.height.max(0.0));
    if world.content_size(child)? != own {
        world.set_content_size(child, own)?;
    }
    if world.anchor(child)? != Vec2::new(0.5, 0.5) {
        world.set_anchor(child, Vec2::new(0.5, 0.5))?;
    }
    if world.position(child)? != centre {
        world.set_position(child, centre)?;
    }
    Ok(())
}

/// A face: a rectangle filled with the background and outlined with the border.
pub(crate) fn face(style: &PickerStyle) -> Shape {
    Shape::rectangle()
        .with_fill(style.background)
        .with_stroke(style.border, 1.0)
}

/// A filled rectangle.
pub(crate) fn filled(color: Rgb888) -> Shape {
    Shape::rectangle().with_fill(color)
}

/// A one-line label cut to its node's box.
pub(crate) fn text(text: &str, color: Rgb888, align: HorizontalAlign) -> Result<Label, Error> {
    let mut label = Label::try_new(text)?.with_color(color);
    label.horizontal_align = align;
    label.vertical_align = VerticalAlign::Center;
    label.overflow = Overflow::Clamp;
    label.wrap = false;
    Ok(label)
}

/// Sets the text and colour of the label on `node` if they differ.
pub(crate) fn set_label(
    world: &mut impl AnyWorld,
    node: NodeId,
    text: &str,
    color: Rgb888,
) -> Result<(), Error> {
    let label = world
        .component_of::<Label>(node)?
        .ok_or(Error::WrongComponentType)?;
    let label = world.get_mut::<Label>(label)?;
    if label.text.as_str() != text {
        label.set_text(text)?;
    }
    if label.color != color {
        label.color = color;
    }
    Ok(())
}
