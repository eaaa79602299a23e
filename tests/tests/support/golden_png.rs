//! The golden-image comparison every golden test shares: a rendered display against its
//! reference `tests/golden/NAME.png`. `SPRIG_BLESS=1` writes the references instead (and
//! an enlarged preview in `target/golden/preview/` to look at before committing); a
//! difference writes the actual image and a diff to `target/golden/` and fails.
//! Included by the test files with `#[path = "support/golden_png.rs"] mod golden_png;`.

use std::path::PathBuf;

use embedded_graphics::pixelcolor::{PixelColor, Rgb888};
use embedded_graphics_simulator::{OutputSettingsBuilder, SimulatorDisplay};

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compares `display` with `tests/golden/NAME.png` (or writes it, with `SPRIG_BLESS=1`).
pub fn compare<C>(name: &str, display: &SimulatorDisplay<C>)
where
    C: PixelColor + Into<Rgb888> + From<Rgb888>,
{
    let settings = OutputSettingsBuilder::new().scale(1).build();
    let reference = workspace().join("golden").join(format!("{name}.png"));
    if std::env::var_os("SPRIG_BLESS").is_some() {
        display
            .to_rgb_output_image(&settings)
            .save_png(&reference)
            .expect("writes the reference");
        let preview = workspace()
            .join("..")
            .join("target")
            .join("golden")
            .join("preview");
        std::fs::create_dir_all(&preview).expect("creates the preview folder");
        display
            .to_rgb_output_image(&OutputSettingsBuilder::new().scale(6).build())
            .save_png(preview.join(format!("{name}.png")))
            .expect("writes the preview");
        return;
    }
    let expected = SimulatorDisplay::<C>::load_png(&reference).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; regenerate with SPRIG_BLESS=1",
            reference.display()
        )
    });
    if let Some(diff) = expected.diff(display) {
        let out = workspace().join("..").join("target").join("golden");
        std::fs::create_dir_all(&out).expect("creates target/golden");
        let actual = out.join(format!("{name}.actual.png"));
        let diff_path = out.join(format!("{name}.diff.png"));
        display
            .to_rgb_output_image(&settings)
            .save_png(&actual)
            .expect("writes the actual image");
        diff.to_rgb_output_image(&OutputSettingsBuilder::new().scale(4).build())
            .save_png(&diff_path)
            .expect("writes the diff");
        panic!(
            "{name} differs from {}: actual image {}, diff {}",
            reference.display(),
            actual.display(),
            diff_path.display()
        );
    }
}
