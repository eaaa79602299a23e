// Every mistake in the arguments is reported at its own tokens, in one compile.
static UNKNOWN: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "0", weight = 700);
static TOO_SMALL: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 3, chars = "0");
static TOO_LARGE: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 129, chars = "0");
static THREE_BITS: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "0", bits = 3);
static TWICE: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, size = 16, chars = "0");
static KERNING: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "0", kerning = "no");
static MISSING: sprig::render::font::AaFont = sprig::font!("../Cargo.toml", bits = 2);

fn main() {}
