// The repository's DejaVu Sans subset holds printable ASCII and '°' only. trybuild
// compiles this file in `target/tests/trybuild/sprig-tests/`, hence the path.
static PRICES: sprig::render::font::AaFont = sprig::font!(
    "../../../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 16,
    chars = "0123456789€£",
);

fn main() {}
