//! Sprite sheets, sprites and frame animation: a sprite draws exactly its frame's pixels
//! of the sheet; frames by grid, by list and by name; a clip shows the frames a user
//! expects at each tick (once, loop, ping-pong), ends with one `AnimationEnded`, and
//! replays identically; an animated sprite damages only its frame's bounds, and every
//! damage-tracked frame equals a full redraw on each colour format.

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig::render::{
    Image, RenderColor, Renderer, Shape, Sprite, SpriteFrame, SpriteSheet, Transparency,
};
use sprig::{component, world, AnyWorld, Ctx, Event, HookResult, Hooks, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;
use sprig_ui::{AnimationClip, AnimationEnded, SpriteAnimation, WrapMode};

/// Counts the `AnimationEnded` events reaching its node, with the node they name.
pub struct EndCounter {
    pub ended: Vec<NodeId>,
}

#[component]
impl Hooks for EndCounter {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<AnimationEnded>(node)
    }
    fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(ended) = event.get::<AnimationEnded>() {
            self.ended.push(ended.node);
        }
        Ok(())
    }
}

world! {
    type W = World {
        nodes: 8,
        components: Scene {
            sprig::render::Image: 4,
            sprig::render::Sprite: 4,
            sprig::render::Shape: 4,
            sprig_ui::SpriteAnimation: 4,
            EndCounter: 2,
        },
        listeners: 4,
    };
}

const SHEET_TGA: &[u8] = include_bytes!("../assets/sheet.tga");
const SHEET_QOI: &[u8] = include_bytes!("../assets/sheet.qoi");

/// Four 8 × 8 discs growing, in a row.
static SHEET: SpriteSheet = SpriteSheet::grid(Image::tga(SHEET_TGA), 8, 8, 4, 4)
    .with_names(&["dot", "small", "medium", "large"]);
/// The same frames listed, from the QOI twin, in reverse order.
static LISTED: SpriteSheet = SpriteSheet::list(
    Image::qoi(SHEET_QOI),
    &[
        SpriteFrame::new(24, 0, 8, 8),
        SpriteFrame::new(16, 0, 8, 8),
        SpriteFrame::new(8, 0, 8, 8),
        SpriteFrame::new(0, 0, 8, 8),
        // Outside the 32 × 8 image: draws nothing.
        SpriteFrame::new(28, 0, 8, 8),
    ],
);
const LARGE: u16 = SHEET.index_of("large").unwrap();

const BG: Rgb888 = Rgb888::new(30, 60, 90);

fn renderer<C: RenderColor>(width: u32, height: u32) -> Renderer<C, 8, 64> {
    Renderer::new(Size::new(width, height), BG, BusCost::new(16, 11))
}

/// A node of content size zero at `at`: the drawable takes its own size, centred there.
fn node(w: &mut W, at: (f32, f32)) -> NodeId {
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_anchor(n, Vec2::new(0.0, 0.0)).unwrap();
    w.set_content_size(n, Size2::new(0.0, 0.0)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    n
}

/// The whole sheet drawn as an image on a 32 × 8 screen: the reference for frames.
fn whole_sheet<C: RenderColor>() -> Framebuffer<C> {
    let mut w = W::new();
    let n = node(&mut w, (16.0, 4.0));
    w.add_component(n, SHEET.image).unwrap();
    let mut fb = Framebuffer::new(32, 8, C::from_rgb888(Rgb888::new(255, 0, 255)));
    renderer::<C>(32, 8).render(&mut w, &mut fb).unwrap();
    fb
}

/// `sprite` alone, its node centred on an 8 × 8 screen.
fn one_frame<C: RenderColor>(sprite: Sprite) -> Framebuffer<C> {
    let mut w = W::new();
    let n = node(&mut w, (4.0, 4.0));
    w.add_component(n, sprite).unwrap();
    let mut fb = Framebuffer::new(8, 8, C::from_rgb888(Rgb888::new(255, 0, 255)));
    renderer::<C>(8, 8).render(&mut w, &mut fb).unwrap();
    fb
}

/// The 8 × 8 block of `sheet` at column `x0`.
fn block<C: RenderColor>(sheet: &Framebuffer<C>, x0: u32) -> Vec<C> {
    (0..8)
        .flat_map(|y| (0..8).map(move |x| (x, y)))
        .map(|(x, y)| sheet.get(x0 + x, y))
        .collect()
}

#[test]
fn a_sprite_draws_exactly_its_frame_of_the_sheet() {
    fn each<C: RenderColor + core::fmt::Debug>() {
        let sheet = whole_sheet::<C>();
        for frame in 0..4u16 {
            let want = block(&sheet, u32::from(frame) * 8);
            assert_eq!(one_frame::<C>(Sprite::new(&SHEET, frame)).pixels, want);
            // The listed sheet holds the frames in reverse order, from the QOI file.
            assert_eq!(one_frame::<C>(Sprite::new(&LISTED, 3 - frame)).pixels, want);
        }
        // Frames differ from one another (the test could not pass with one frame).
        assert_ne!(block(&sheet, 0), block(&sheet, 24));
    }
    each::<Rgb888>();
    each::<Rgb565>();
    each::<Gray4>();
    each::<BinaryColor>();
    // The large disc's centre is lime and opaque; its corner is the background.
    let large = one_frame::<Rgb888>(Sprite::new(&SHEET, LARGE));
    assert_eq!(large.get(4, 4), Rgb888::new(0, 255, 0));
    assert_eq!(large.get(0, 0), BG);
}

#[test]
fn frames_that_do_not_exist_draw_nothing_and_cannot_be_set() {
    let empty = vec![BG; 64];
    assert_eq!(one_frame::<Rgb888>(Sprite::new(&SHEET, 4)).pixels, empty);
    assert_eq!(one_frame::<Rgb888>(Sprite::new(&LISTED, 4)).pixels, empty);
    let mut sprite = Sprite::new(&SHEET, 1);
    assert_eq!(sprite.set_frame(4), Err(sprig::Error::InvalidValue));
    assert_eq!(
        sprite.set_frame_named("huge"),
        Err(sprig::Error::InvalidValue)
    );
    assert_eq!(sprite.frame, 1);
    sprite.set_frame_named("medium").unwrap();
    assert_eq!(sprite.frame, 2);
    assert_eq!(LARGE, 3);
    assert_eq!(SHEET.frame(LARGE), Some(SpriteFrame::new(24, 0, 8, 8)));
    // A grid of 3 columns wraps to a second row.
    let tall = SpriteSheet::grid(Image::tga(SHEET_TGA), 8, 4, 3, 5);
    assert_eq!(tall.frame(4), Some(SpriteFrame::new(8, 4, 8, 4)));
    assert_eq!(tall.frame(5), None);
    assert_eq!(SpriteSheet::grid(SHEET.image, 8, 8, 0, 4).frame(0), None);
}

#[test]
fn a_frame_follows_the_sheet_transparency_and_the_node() {
    // Opaque: the transparent corners show their stored colour (black), not the
    // background.
    static OPAQUE: SpriteSheet = SpriteSheet::grid(
        Image::tga(SHEET_TGA).with_transparency(Transparency::Opaque),
        8,
        8,
        4,
        4,
    );
    let fb = one_frame::<Rgb888>(Sprite::new(&OPAQUE, 0));
    assert_ne!(fb.get(0, 0), BG);
    // Turned a quarter turn about its centre, the frame is the upright one turned.
    let upright = one_frame::<Rgb888>(Sprite::new(&SHEET, 2));
    let mut w = W::new();
    let n = node(&mut w, (4.0, 4.0));
    w.set_anchor(n, Vec2::new(0.5, 0.5)).unwrap();
    w.set_angle_degrees(n, 90.0).unwrap();
    w.add_component(n, Sprite::new(&SHEET, 2)).unwrap();
    let mut fb = Framebuffer::new(8, 8, Rgb888::new(255, 0, 255));
    renderer::<Rgb888>(8, 8).render(&mut w, &mut fb).unwrap();
    // Counter-clockwise: upright (x, y) lands on (y, 7 − x).
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(fb.get(y, 7 - x), upright.get(x, y), "({x}, {y})");
        }
    }
}

/// The frames a sprite shows over ticks of `dts`, starting from a world tick of zero.
fn frames_shown(clip: AnimationClip, dts: &[f32]) -> (Vec<u16>, Vec<NodeId>, NodeId) {
    let mut w = W::new();
    let root = w.root();
    let parent = w.create_child(root, "parent").unwrap();
    let counter = w
        .add_component(parent, EndCounter { ended: Vec::new() })
        .unwrap();
    let n = w.create_child(parent, "sprite").unwrap();
    let sprite = w.add_component(n, Sprite::new(&SHEET, 3)).unwrap();
    w.add_component(n, SpriteAnimation::new(clip)).unwrap();
    let mut shown = Vec::new();
    for &dt in dts {
        w.tick(dt).unwrap();
        shown.push(w.get::<Sprite>(sprite).unwrap().frame);
    }
    let ended = w.get::<EndCounter>(counter).unwrap().ended.clone();
    (shown, ended, n)
}

#[test]
fn clips_show_the_expected_frames_at_each_tick() {
    let ticks = [0.0, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
    // 10 fps and ticks of 0.1 s: one frame a tick.
    let once = AnimationClip::new(&[0, 1, 2], 10, WrapMode::Once);
    let (shown, ended, node) = frames_shown(once, &ticks);
    assert_eq!(shown, [0, 1, 2, 2, 2, 2, 2, 2, 2]);
    // The last frame shows for its full 0.1 s, then the event: once, bubbling up.
    assert_eq!(ended, [node]);
    let looped = AnimationClip::new(&[0, 1, 2], 10, WrapMode::Loop);
    let (shown, ended, _) = frames_shown(looped, &ticks);
    assert_eq!(shown, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert!(ended.is_empty());
    let ping = AnimationClip::new(&[0, 1, 2, 3], 10, WrapMode::PingPong);
    let (shown, _, _) = frames_shown(ping, &ticks);
    assert_eq!(shown, [0, 1, 2, 3, 2, 1, 0, 1, 2]);
    // 25 fps on 60 Hz ticks: frame k at ⌊t · 25⌋, t in whole microseconds.
    let fast = AnimationClip::new(&[0, 1, 2, 3], 25, WrapMode::Loop);
    let (shown, _, _) = frames_shown(fast, &[1.0 / 60.0; 8]);
    assert_eq!(shown, [0, 0, 1, 1, 2, 2, 2, 3]);
    // Zero fps holds the first frame; a clip without frames leaves the sprite alone.
    let (shown, _, _) = frames_shown(AnimationClip::new(&[2, 1], 0, WrapMode::Loop), &ticks);
    assert_eq!(shown, [2; 9]);
    let (shown, _, _) = frames_shown(AnimationClip::new(&[], 10, WrapMode::Once), &ticks);
    assert_eq!(shown, [3; 9]);
}

#[test]
fn the_same_dts_replay_the_same_frames() {
    // Irregular ticks, as a real frame clock gives; two runs agree frame for frame, and
    // the time is the sum of the dts each rounded to a microsecond.
    let dts: Vec<f32> = (0..200).map(|k| 0.013 + (k % 7) as f32 * 0.0031).collect();
    let clip = AnimationClip::new(&[0, 1, 2, 3], 12, WrapMode::PingPong);
    let (a, _, _) = frames_shown(clip, &dts);
    let (b, _, _) = frames_shown(clip, &dts);
    assert_eq!(a, b);
    let micros: u64 = dts.iter().map(|&dt| (dt * 1.0e6).round() as u64).sum();
    let (position, _) = clip.position_at(micros).unwrap();
    assert_eq!(*a.last().unwrap(), clip.frames[position]);
    assert!(a.windows(2).filter(|p| p[0] != p[1]).count() > 20);
}

#[test]
fn stop_and_resume() {
    let mut anim = SpriteAnimation::new(AnimationClip::new(&[0, 1], 10, WrapMode::Once));
    anim.stop();
    assert!(!anim.is_playing());
    anim.resume();
    assert!(anim.is_playing());
    assert_eq!(anim.elapsed_microseconds(), 0);
}

/// The screen rectangles a frame sends, and whether the partial redraw equals a full
/// one, over ticks of an animated sprite next to a still shape.
fn animate<C: RenderColor + core::fmt::Debug>() -> Vec<Vec<Rectangle>> {
    let mut w = W::new();
    let still = node(&mut w, (2.0, 2.0));
    w.set_content_size(still, Size2::new(6.0, 6.0)).unwrap();
    w.add_component(
        still,
        Shape::rectangle().with_fill(Rgb888::new(200, 40, 40)),
    )
    .unwrap();
    // Sprite centred on world (20, 4) (a zero content size centres whatever the anchor):
    // screen columns 16..24, rows 8..16 of a 32 × 16 screen.
    let n = node(&mut w, (20.0, 4.0));
    w.add_component(n, Sprite::new(&SHEET, 0)).unwrap();
    w.add_component(
        n,
        SpriteAnimation::new(AnimationClip::new(&[0, 1, 2, 3], 10, WrapMode::Loop)),
    )
    .unwrap();
    let mut tracked = renderer::<C>(32, 16);
    let mut reference = renderer::<C>(32, 16);
    let mut partial = Framebuffer::new(32, 16, C::from_rgb888(Rgb888::new(255, 0, 255)));
    let mut sent = Vec::new();
    for _ in 0..6 {
        w.tick(0.1).unwrap();
        tracked.render(&mut w, &mut partial).unwrap();
        sent.push(tracked.flushed().to_vec());
        let mut full = Framebuffer::new(32, 16, C::from_rgb888(Rgb888::new(0, 255, 0)));
        reference.render_full(&mut w, &mut full).unwrap();
        assert_eq!(partial.pixels, full.pixels);
    }
    sent
}

#[test]
fn an_animated_sprite_damages_only_its_frame_bounds() {
    let frame = Rectangle::new(Point::new(16, 8), Size::new(8, 8));
    for sent in [
        animate::<Rgb565>(),
        animate::<Gray4>(),
        animate::<BinaryColor>(),
    ] {
        // The first frame draws the whole screen; then each tick changes the frame and
        // sends exactly the sprite's 8 × 8 box.
        assert_eq!(sent[0], [Rectangle::new(Point::zero(), Size::new(32, 16))]);
        for later in &sent[1..] {
            assert_eq!(later, &[frame]);
        }
    }
}
