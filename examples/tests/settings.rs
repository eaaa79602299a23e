//! The thermostat's settings as a user meets them, by keys and by touch, on every
//! panel: the gear or Select slides them in, the schedule, the units and a Wi-Fi
//! password typed on the keyboard are kept, Back or B slides them away and the
//! thermostat takes its keys again; and the frames of the settings on each panel.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::{Label, Renderer};
use sprig::{Key, NodeId, TouchPhase, Vec2};
use sprig_examples::showcase::settings::{
    History, Navigator, SettingsOpen, HISTORY, SAMPLE_SECONDS, SLIDE_SECONDS,
};
use sprig_examples::showcase::{Segments, Thermostat, Units};
use sprig_examples::{
    build_showcase, Layout, ShowcaseScene, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_NODES,
};
use sprig_ui::KeyCap;

struct Showcase {
    world: ShowcaseWorld,
    scene: ShowcaseScene,
    height: f32,
}

impl Showcase {
    fn new(layout: &Layout) -> Self {
        let mut world = ShowcaseWorld::new();
        let scene = build_showcase(&mut world, layout).unwrap();
        let mut showcase = Showcase {
            world,
            scene,
            height: layout.size.height as f32,
        };
        showcase.run(0.5);
        showcase
    }

    fn run(&mut self, seconds: f32) {
        for _ in 0..(seconds / SHOWCASE_DT).round() as u32 {
            self.world.tick(SHOWCASE_DT).unwrap();
        }
        assert_eq!(
            self.world.hook_errors(),
            0,
            "{:?}",
            self.world.last_hook_error()
        );
    }

    /// Past a slide between screens.
    fn settle(&mut self) {
        self.run(SLIDE_SECONDS + 0.2);
    }

    fn press(&mut self, key: Key) {
        self.world.key(key, true).unwrap();
        self.world.key(key, false).unwrap();
        self.world.tick(SHOWCASE_DT).unwrap();
    }

    /// A tap at `at`, in panel coordinates (y up).
    fn tap_at(&mut self, at: Vec2) {
        let screen = Vec2::new(at.x, self.height - at.y);
        self.world
            .touch(0, TouchPhase::Down, screen, self.height)
            .unwrap();
        self.world.tick(SHOWCASE_DT).unwrap();
        self.world
            .touch(0, TouchPhase::Up, screen, self.height)
            .unwrap();
        self.world.tick(SHOWCASE_DT).unwrap();
    }

    /// A tap on the middle of `node`.
    fn tap(&mut self, node: NodeId) {
        let b = self.world.world_content_box(node).unwrap();
        self.tap_at(Vec2::new(b.x + b.width / 2.0, b.y + b.height / 2.0));
    }

    fn navigator(&self) -> &Navigator {
        self.world.comp(self.scene.navigator).unwrap()
    }

    fn depth(&self) -> usize {
        self.world.comp(self.scene.stack).unwrap().depth()
    }

    fn open(&self) -> SettingsOpen {
        self.navigator().settings().expect("the settings are open")
    }

    fn thermostat(&self) -> &Thermostat {
        self.world.get::<Thermostat>(self.scene.thermostat).unwrap()
    }

    fn digits(&self) -> String {
        let t = self.thermostat();
        self.world
            .get::<Segments>(t.digits)
            .unwrap()
            .text()
            .to_owned()
    }

    fn room_text(&self) -> String {
        let t = self.thermostat();
        self.world
            .get::<Label>(t.room_label)
            .unwrap()
            .text
            .to_string()
    }

    fn password(&self) -> String {
        let wifi = self.open().wifi.expect("the Wi-Fi screen is open");
        self.world.comp(wifi.area).unwrap().text().to_owned()
    }

    fn wifi_label(&self) -> String {
        let open = self.open();
        self.world
            .comp(open.ids.wifi_label)
            .unwrap()
            .text
            .to_string()
    }
}

const LAYOUTS: [(&str, &Layout); 3] = [
    ("oled", &Layout::OLED),
    ("square", &Layout::SQUARE),
    ("wide", &Layout::WIDE),
];

#[test]
fn by_keys_select_opens_the_settings_and_b_comes_back_with_what_was_set() {
    for (name, layout) in LAYOUTS {
        let mut s = Showcase::new(layout);
        assert_eq!((s.depth(), s.world.focus()), (1, None), "{name}");
        assert_eq!(s.digits(), "21.5");

        s.press(Key::Select);
        s.settle();
        let open = s.open();
        assert_eq!(s.depth(), 2);
        // The focus on the first part: the schedule's roller.
        assert_eq!(s.world.focus(), Some(open.ids.schedule), "{name}");
        assert!(
            !s.world.active(s.scene.app).unwrap(),
            "the thermostat is covered"
        );

        // Up and Down turn the roller.
        s.press(Key::Down);
        s.press(Key::Down);
        s.run(0.5);
        let roller = s.world.comp(open.ids.roller).unwrap();
        assert_eq!(
            (roller.selected(), roller.selected_text()),
            (2, Some("Mornings"))
        );
        assert_eq!(s.navigator().schedule(), 2);

        // Right to the units; A opens the list, Down and A choose Fahrenheit.
        s.press(Key::Right);
        assert_eq!(s.world.focus(), Some(open.ids.units));
        s.press(Key::A);
        assert!(s.world.comp(open.ids.dropdown).unwrap().is_open());
        s.press(Key::Down);
        s.press(Key::A);
        let dropdown = s.world.comp(open.ids.dropdown).unwrap();
        assert_eq!((dropdown.is_open(), dropdown.selected()), (false, 1));
        assert_eq!(s.thermostat().units, Units::Fahrenheit);

        // Right to the Wi-Fi button; A slides the Wi-Fi screen in, focus on the keys.
        s.press(Key::Right);
        assert_eq!(s.world.focus(), Some(open.ids.wifi));
        s.press(Key::A);
        s.settle();
        assert_eq!(s.depth(), 3);
        let wifi = s.open().wifi.unwrap();
        assert_eq!(s.world.focus(), Some(wifi.keys));
        // The highlight starts on "q": Right and A type "w", Right and A "e".
        for key in [Key::Right, Key::A, Key::Right, Key::A] {
            s.press(key);
        }
        assert_eq!(s.password(), "we");
        // Down to the bottom row, Left (wrapping) to OK, A: kept, and back.
        for _ in 0..3 {
            s.press(Key::Down);
        }
        for _ in 0..5 {
            if s.world.comp(wifi.keyboard).unwrap().highlighted() == KeyCap::Ok {
                break;
            }
            s.press(Key::Left);
        }
        s.press(Key::A);
        s.settle();
        assert_eq!(s.depth(), 2);
        assert_eq!(s.navigator().password(), "we");
        assert_eq!(s.wifi_label(), "Wi-Fi **");
        // The focus is back on the Wi-Fi button.
        assert_eq!(s.world.focus(), Some(open.ids.wifi), "{name}");

        // B slides the settings away: the thermostat again, without a focus, in °F.
        s.press(Key::B);
        s.settle();
        assert_eq!((s.depth(), s.world.focus()), (1, None), "{name}");
        assert!(s.navigator().settings().is_none());
        assert!(
            !s.world.is_valid(open.ids.screen),
            "the settings are destroyed"
        );
        assert_eq!(s.digits(), "70.7"); // 21.5 °C
        assert!(s.room_text().starts_with("Room 6"), "{}", s.room_text());
        // Its keys are the thermostat's again: Right raises the target 0.5 °C.
        s.press(Key::Right);
        s.run(0.1);
        assert_eq!(s.thermostat().target_tenths(), 220);
        assert_eq!(s.digits(), "71.6");

        // Opened again, the settings show what was set.
        s.press(Key::Select);
        s.settle();
        let open = s.open();
        assert_eq!(s.world.comp(open.ids.roller).unwrap().selected(), 2);
        assert_eq!(s.world.comp(open.ids.dropdown).unwrap().selected(), 1);
        assert_eq!(s.wifi_label(), "Wi-Fi **");
    }
}

#[test]
fn by_touch_the_gear_opens_the_settings_and_back_comes_back() {
    for (name, layout) in LAYOUTS {
        let mut s = Showcase::new(layout);
        s.tap(s.scene.gear);
        s.settle();
        assert_eq!(s.depth(), 2, "{name}");
        let open = s.open();

        // A tap on the row under the band chooses it.
        let row = layout.settings.schedule.1;
        let band = s.world.world_content_box(open.ids.schedule).unwrap();
        let middle = Vec2::new(band.x + band.width / 2.0, band.y + band.height / 2.0);
        s.tap_at(Vec2::new(middle.x, middle.y - row));
        s.run(0.5);
        let roller = s.world.comp(open.ids.roller).unwrap();
        assert_eq!(
            (roller.selected(), roller.selected_text()),
            (1, Some("Weekdays")),
            "{name}"
        );
        assert_eq!(s.navigator().schedule(), 1);

        // A tap opens the units' list, a tap on its second row chooses °F.
        s.tap(open.ids.units);
        assert!(
            s.world.comp(open.ids.dropdown).unwrap().is_open(),
            "{name}: {:?} {:?}",
            s.world.world_content_box(open.ids.units),
            s.world.focus()
        );
        let face = s.world.world_content_box(open.ids.units).unwrap();
        s.tap_at(Vec2::new(
            face.x + face.width / 2.0,
            face.y - face.height * 1.5,
        ));
        assert_eq!(
            s.world.comp(open.ids.dropdown).unwrap().selected(),
            1,
            "{name}"
        );
        assert_eq!(s.thermostat().units, Units::Fahrenheit);

        // The Wi-Fi button slides the keyboard in; "q", "w", then OK.
        s.tap(open.ids.wifi);
        s.settle();
        let wifi = s.open().wifi.expect("the Wi-Fi screen is open");
        let keys = s.world.world_content_box(wifi.keys).unwrap();
        let (key_width, row_height) = (keys.width / 10.0, keys.height / 4.0);
        let top_row = keys.y + keys.height - row_height / 2.0;
        for k in [0.5, 1.5] {
            s.tap_at(Vec2::new(keys.x + key_width * k, top_row));
        }
        assert_eq!(s.password(), "qw", "{name}");
        s.tap_at(Vec2::new(
            keys.x + keys.width - 3.0,
            keys.y + row_height / 2.0,
        ));
        s.settle();
        assert_eq!((s.depth(), s.navigator().password()), (2, "qw"), "{name}");

        // Back: the thermostat, in °F.
        s.tap(open.ids.back);
        s.settle();
        assert_eq!((s.depth(), s.world.focus()), (1, None), "{name}");
        assert_eq!(s.digits(), "70.7");
    }
}

#[test]
fn on_the_wifi_screen_b_deletes_and_from_the_field_leaves_keeping_nothing() {
    let mut s = Showcase::new(&Layout::OLED);
    s.press(Key::Select);
    s.settle();
    s.tap(s.open().ids.wifi);
    s.settle();
    let wifi = s.open().wifi.unwrap();
    let keys = s.world.world_content_box(wifi.keys).unwrap();
    s.tap_at(Vec2::new(keys.x + 3.0, keys.y + keys.height - 3.0)); // "q"
    assert_eq!(s.password(), "q");
    // B on the keys deletes; on the password field (Up from the top row) it goes back.
    s.press(Key::B);
    assert_eq!(s.password(), "");
    s.press(Key::Up);
    assert_eq!(s.world.focus(), Some(wifi.field));
    s.press(Key::B);
    s.settle();
    assert_eq!((s.depth(), s.navigator().password()), (2, ""));
    assert!(!s.world.is_valid(wifi.screen));
}

#[test]
fn the_chart_starts_with_past_samples_and_takes_one_every_sample_period() {
    let mut s = Showcase::new(&Layout::SQUARE);
    let before: Vec<f32> = s.navigator().history().collect();
    assert_eq!(before.len(), 16);
    assert_eq!(before.last(), Some(&19.0));
    s.press(Key::Select);
    s.settle();
    let chart = s.open().ids.chart;
    assert_eq!(s.world.comp(chart).unwrap().len(), 16);
    // A sample was due within the first 2 s; over 2 s more, one more.
    let pushed = s.world.comp(chart).unwrap().pushed();
    s.run(SAMPLE_SECONDS);
    let chart_now = s.world.comp(chart).unwrap();
    assert_eq!(chart_now.pushed(), pushed + 1);
    let room = s.thermostat().room();
    assert_eq!(chart_now.latest(), Some(room));
    let history: Vec<f32> = s.navigator().history().collect();
    assert_eq!(history.last(), Some(&room));
    assert_eq!(history, chart_now.iter().collect::<Vec<_>>());
    // At most HISTORY samples are held.
    s.run(SAMPLE_SECONDS * HISTORY as f32);
    assert_eq!(s.navigator().history().count(), HISTORY);
    assert!(s.world.comp::<History>(chart).unwrap().is_full());
}

#[test]
fn the_three_screens_fit_the_world_and_their_nodes_come_back() {
    let mut s = Showcase::new(&Layout::WIDE);
    let thermostat_only = s.world.node_count();
    s.press(Key::Select);
    s.settle();
    let with_settings = s.world.node_count();
    s.tap(s.open().ids.wifi);
    s.settle();
    let with_wifi = s.world.node_count();
    assert_eq!(
        (thermostat_only, with_settings, with_wifi),
        (28, 54, 62),
        "nodes: the root, the host, the thermostat and its gear; the settings and the \
         shield; the Wi-Fi screen"
    );
    assert!(with_wifi <= SHOWCASE_NODES);
    // Back and forth, the nodes come back.
    for _ in 0..3 {
        s.press(Key::B);
        s.settle();
        s.press(Key::B);
        s.settle();
        s.press(Key::Select);
        s.settle();
        s.tap(s.open().ids.wifi);
        s.settle();
        assert_eq!(s.world.node_count(), with_wifi);
    }
}

/// FNV-1a over every pixel of `display`.
fn hash(display: &SimulatorDisplay<Rgb888>, size: Size) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for y in 0..size.height as i32 {
        for x in 0..size.width as i32 {
            let p = display.get_pixel(Point::new(x, y));
            for byte in [p.r(), p.g(), p.b()] {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    hash
}

/// The frames of the settings, then of the Wi-Fi screen, once each has slid in.
fn settings_frames(layout: &Layout) -> (u64, u64) {
    let size = layout.size;
    let mut display = SimulatorDisplay::<Rgb888>::with_default_color(size, Rgb888::BLACK);
    let mut renderer: Renderer<Rgb888, SHOWCASE_NODES, 1024> =
        Renderer::new(size, layout.palette.background, BusCost::new(16, 0));
    let mut s = Showcase::new(layout);
    let mut frame = |s: &mut Showcase, seconds: f32| {
        for _ in 0..(seconds / SHOWCASE_DT).round() as u32 {
            s.world.tick(SHOWCASE_DT).unwrap();
            let Ok(_) = renderer.render(&mut s.world, &mut display);
        }
        hash(&display, size)
    };
    s.press(Key::Select);
    let settings = frame(&mut s, 1.0);
    s.press(Key::Right);
    s.press(Key::Right);
    s.press(Key::A);
    let wifi = frame(&mut s, 1.0);
    (settings, wifi)
}

#[test]
fn the_settings_and_the_wifi_screen_render_their_recorded_frames() {
    assert_eq!(
        settings_frames(&Layout::OLED),
        (0x0b7d_73b1_8deb_cc31, 0x6d64_e080_f027_9969)
    );
    assert_eq!(
        settings_frames(&Layout::SQUARE),
        (0x5943_adb1_55b9_7d28, 0xa1cf_fb87_812e_e857)
    );
    assert_eq!(
        settings_frames(&Layout::WIDE),
        (0x957c_4c57_f8c7_212f, 0x3694_430c_39c7_2687)
    );
}

#[test]
fn in_chinese_the_settings_speak_chinese_and_the_oled_shows_no_title() {
    let wide = Layout::WIDE.in_chinese().unwrap();
    let mut s = Showcase::new(&wide);
    s.press(Key::Select);
    s.settle();
    let open = s.open();
    let roller = s.world.comp(open.ids.roller).unwrap();
    assert_eq!(
        roller.options().as_slice(),
        ["全天", "工作日", "早晨", "晚上", "离家"]
    );
    let back = s
        .world
        .component_of::<Label>(open.ids.back)
        .unwrap()
        .unwrap();
    assert_eq!(s.world.get::<Label>(back).unwrap().text.as_str(), "<  设置");

    let mut s = Showcase::new(&Layout::OLED);
    s.press(Key::Select);
    s.settle();
    let back = s
        .world
        .component_of::<Label>(s.open().ids.back)
        .unwrap()
        .unwrap();
    assert_eq!(s.world.get::<Label>(back).unwrap().text.as_str(), "<");
}
