// The repository's DejaVu Sans subset holds printable ASCII and '°' only. The path is
// relative to this file, wherever the target directory is.
static PRICES: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 16,
    chars = "0123456789€£",
);

fn main() {}
