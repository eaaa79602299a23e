//! The showcase and breakout, whose scenes are now `scene!` items, render exactly the
//! frames their hand-built scenes rendered: a hash of every pixel of every frame of a
//! scripted run, per showcase layout and for breakout's autopilot, equal to the hash the
//! hand-written builders gave (recorded from commit b41bd2c, before the rewrite; the two
//! colour layouts re-recorded when they gained the large clock, the flame and the hint,
//! and again when the flame became a sprite animation and the clock an anti-aliased
//! TrueType font; all three when the showcase was typeset: anti-aliased type and shapes
//! on the colour panels, bars for − and +, the OLED's bold clock digits; all five when
//! the settings' gear joined the top corner (feature `settings`, on here): a picture of
//! each panel differs from one without the feature in the gear's box only; all five when
//! the dial's ring became the core's arc, with round ends (hard-edged on the OLED), and the colour panels' again
//! when a large arc's edges came to be shaded without a square root (31 pixels of the
//! 240×240 picture moved by one step of 565 colour), and again when the gear came to be
//! drawn in fixed point (its anti-aliased edge pixels within one level of alpha; the
//! OLED's frames did not change); their frames were checked by eye).

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{RgbColor, Size};
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig::Key;
use sprig_examples::breakout::{build_breakout, BreakoutWorld};
use sprig_examples::{build_showcase, Layout, ShowcaseWorld};
use sprig_tests::framebuffer::Framebuffer;

/// FNV-1a over the frame's red, green and blue bytes, continuing `hash`.
fn hash_frame(frame: &Framebuffer<Rgb888>, hash: &mut u64) {
    for y in 0..frame.height {
        for x in 0..frame.width {
            let p = frame.get(x, y);
            for byte in [p.r(), p.g(), p.b()] {
                *hash = (*hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
}

/// 240 frames at 30 fps: Right pressed and released every 40 frames, Down every 60.
fn showcase_run(layout: &Layout) -> u64 {
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let size = Size::new(layout.size.width, layout.size.height);
    let mut renderer: Renderer<Rgb888, { sprig_examples::SHOWCASE_NODES }, 1024> =
        Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::new(16, 0));
    let mut frame = Framebuffer::new(size.width, size.height, Rgb888::new(0, 0, 0));
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for f in 0..240 {
        if f % 40 == 10 {
            world.key(Key::Right, true).unwrap();
        }
        if f % 40 == 12 {
            world.key(Key::Right, false).unwrap();
        }
        if f % 60 == 30 {
            world.key(Key::Down, true).unwrap();
            world.key(Key::Down, false).unwrap();
        }
        world.tick(1.0 / 30.0).unwrap();
        renderer.render(&mut world, &mut frame).unwrap();
        hash_frame(&frame, &mut hash);
    }
    hash
}

#[test]
fn the_showcase_scene_renders_the_frames_the_hand_built_one_did() {
    assert_eq!(showcase_run(&Layout::OLED), 0x7238_6293_80d1_c75d);
    assert_eq!(showcase_run(&Layout::SQUARE), 0x2e72_792e_2cfa_4c7c);
    assert_eq!(showcase_run(&Layout::WIDE), 0x65f4_90ce_903b_0738);
}

/// The same runs with the words in Chinese (`Layout::in_chinese`): other labels, the
/// same scene; the OLED has no Chinese layout.
#[test]
fn the_showcase_in_chinese_renders_its_own_frames() {
    assert!(Layout::OLED.in_chinese().is_none());
    let square = Layout::SQUARE.in_chinese().unwrap();
    let wide = Layout::WIDE.in_chinese().unwrap();
    assert_eq!(square.strings.modes, ["制热", "制冷", "自动", "关闭"]);
    assert_eq!(showcase_run(&square), 0xbe78_8e7a_18a6_8e8b);
    assert_eq!(showcase_run(&wide), 0xfa0e_5191_6489_e624);
}

#[test]
fn the_breakout_scene_and_its_brick_prefab_render_the_frames_the_hand_built_ones_did() {
    let mut world = BreakoutWorld::new();
    build_breakout(&mut world, true).unwrap();
    let mut renderer: Renderer<Rgb888, 48, 1024> =
        Renderer::new(Size::new(128, 64), Rgb888::BLACK, BusCost::new(16, 0));
    let mut frame = Framebuffer::new(128, 64, Rgb888::BLACK);
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for _ in 0..600 {
        world.tick(1.0 / 30.0).unwrap();
        renderer.render(&mut world, &mut frame).unwrap();
        hash_frame(&frame, &mut hash);
    }
    assert_eq!(hash, 0x1cc2_70c3_7544_57cf);
}
