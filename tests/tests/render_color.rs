//! Colours converted from `Rgb888` and blended for opacity, per target colour type.

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, GrayColor, Rgb565, Rgb888, RgbColor};
use sprig::render::color::RenderColor;

#[test]
fn conversions_follow_embedded_graphics() {
    let orange = Rgb888::new(255, 128, 0);
    assert_eq!(Rgb565::from_rgb888(orange), Rgb565::new(31, 32, 0));
    // Luma (77 r + 150 g + 29 b + 128) / 256 = 152 → 9 of 15.
    assert_eq!(Gray4::from_rgb888(orange).luma(), 9);
    assert_eq!(BinaryColor::from_rgb888(orange), BinaryColor::On);
    assert_eq!(
        BinaryColor::from_rgb888(Rgb888::new(40, 40, 40)),
        BinaryColor::Off
    );
}

#[test]
fn blending_rounds_to_nearest_in_each_type() {
    let white = Rgb888::WHITE;
    let black = Rgb888::BLACK;
    assert_eq!(white.blend(black, 255), white);
    assert_eq!(white.blend(black, 0), black);
    assert_eq!(white.blend(black, 128), Rgb888::new(128, 128, 128));
    assert_eq!(
        Rgb888::new(200, 100, 0).blend(Rgb888::new(0, 100, 200), 64),
        Rgb888::new(50, 100, 150)
    );
    assert_eq!(
        Rgb565::WHITE.blend(Rgb565::BLACK, 128),
        Rgb565::new(16, 32, 16)
    );
    assert_eq!(Gray4::WHITE.blend(Gray4::BLACK, 128).luma(), 8);
    assert_eq!(Gray4::new(10).blend(Gray4::new(2), 191).luma(), 8);
}

#[test]
fn binary_colour_thresholds_at_half() {
    assert_eq!(
        BinaryColor::On.blend(BinaryColor::Off, 128),
        BinaryColor::On
    );
    assert_eq!(
        BinaryColor::On.blend(BinaryColor::Off, 127),
        BinaryColor::Off
    );
    assert_eq!(
        BinaryColor::Off.blend(BinaryColor::On, 200),
        BinaryColor::Off
    );
}
