// The path is relative to this file's directory; nothing is there.
static DIGITS: sprig::render::font::AaFont =
    sprig::font!("assets/missing.ttf", size = 32, chars = "0123456789");

fn main() {}
