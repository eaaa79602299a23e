//! A scene declared with `scene!` and the same scene built by hand, the Cocos way (the
//! top node made detached, everything below it added, then the top attached, which
//! activates the subtree as one), give the same tree, the same lifecycle log and trace,
//! and the same frames, pixel for pixel.

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Label, ProgressBar, Renderer, Shape};
use sprig::{scene, world, NodeId, Size2, TraceEntry, Vec2};
use sprig_tests::framebuffer::Framebuffer;
use sprig_tests::probes::{take_log, Neg, Pos, DT, P};
use sprig_ui::Button;

world! {
    /// Probes, drawables and a widget.
    pub type EqWorld = World {
        nodes: 16,
        components: EqSet {
            P: 8,
            Neg: 4,
            Pos: 4,
            Shape: 8,
            Label: 4,
            Button: 4,
            ProgressBar: 2,
        },
        trace: 128,
    };
}

scene! {
    /// A panel: a title, a dot with a hidden child, a button and a bar.
    pub scene Panel(accent: Rgb888) in EqWorld -> PanelIds {
        node "Panel" {
            position: (32.0, 24.0),
            size: (60.0, 40.0),
            P = P::new("panel"),
            Shape = Shape::rectangle().with_fill(Rgb888::new(20, 40, 60)),
            #[id] title: node Title {
                position: (0.0, 12.0),
                size: (40.0, 10.0),
                z_index: 2,
                #[id] text: Label = Label::new("Hi"),
                Neg = Neg::new("title"),
            },
            node Dot {
                position: (-20.0, -10.0),
                size: Size2::new(8.0, 8.0),
                rotation: 30.0,
                scale: (1.5, 1.0),
                opacity: 128,
                tag: 7,
                Shape = Shape::ellipse().with_fill(accent),
                Pos = Pos::new("dot"),
                node Hidden { active: false, P = P::new("hidden") },
            },
            #[id] ok: node "OK" {
                position: (15.0, -10.0),
                anchor: Vec2::new(0.5, 0.5),
                size: (16.0, 10.0),
                Shape = Shape::rounded_rectangle(3.0).with_fill(accent),
                #[id] button: Button = Button::new(),
                P = P::new("ok"),
            },
            node Bar {
                position: (0.0, -16.0),
                size: (50.0, 4.0),
                ProgressBar = ProgressBar::new(Rgb888::new(60, 60, 60), accent).with_value(0.5),
            },
        }
    }
}

const ACCENT: Rgb888 = Rgb888::new(250, 180, 0);

/// The same panel, one call at a time.
fn by_hand(w: &mut EqWorld) -> Result<NodeId, sprig::Error> {
    let panel = w.create_node("Panel")?;
    w.set_position(panel, Vec2::new(32.0, 24.0))?;
    w.set_content_size(panel, Size2::new(60.0, 40.0))?;
    w.add_component(panel, P::new("panel"))?;
    w.add_component(panel, Shape::rectangle().with_fill(Rgb888::new(20, 40, 60)))?;
    let title = w.create_child(panel, "Title")?;
    w.set_position(title, Vec2::new(0.0, 12.0))?;
    w.set_content_size(title, Size2::new(40.0, 10.0))?;
    w.set_z_index(title, 2)?;
    w.add_component(title, Label::new("Hi"))?;
    w.add_component(title, Neg::new("title"))?;
    let dot = w.create_child(panel, "Dot")?;
    w.set_position(dot, Vec2::new(-20.0, -10.0))?;
    w.set_content_size(dot, Size2::new(8.0, 8.0))?;
    w.set_angle_degrees(dot, 30.0)?;
    w.set_scale(dot, Vec2::new(1.5, 1.0))?;
    w.set_opacity(dot, 128)?;
    w.set_tag(dot, 7)?;
    w.add_component(dot, Shape::ellipse().with_fill(ACCENT))?;
    w.add_component(dot, Pos::new("dot"))?;
    let hidden = w.create_child(dot, "Hidden")?;
    w.set_active(hidden, false)?;
    w.add_component(hidden, P::new("hidden"))?;
    let ok = w.create_child(panel, "OK")?;
    w.set_position(ok, Vec2::new(15.0, -10.0))?;
    w.set_anchor(ok, Vec2::new(0.5, 0.5))?;
    w.set_content_size(ok, Size2::new(16.0, 10.0))?;
    w.add_component(ok, Shape::rounded_rectangle(3.0).with_fill(ACCENT))?;
    w.add_component(ok, Button::new())?;
    w.add_component(ok, P::new("ok"))?;
    let bar = w.create_child(panel, "Bar")?;
    w.set_position(bar, Vec2::new(0.0, -16.0))?;
    w.set_content_size(bar, Size2::new(50.0, 4.0))?;
    w.add_component(
        bar,
        ProgressBar::new(Rgb888::new(60, 60, 60), ACCENT).with_value(0.5),
    )?;
    let root = w.root();
    w.add_child(root, panel)?;
    Ok(panel)
}

/// Every node under `node`, pre-order, with every property and its components.
fn dump(w: &EqWorld, node: NodeId, depth: usize, out: &mut Vec<String>) {
    let comps: Vec<String> = w
        .components(node)
        .unwrap()
        .map(|c| {
            format!(
                "{}{}",
                w.component_name(c).unwrap(),
                if w.enabled_in_hierarchy(c).unwrap() {
                    "+"
                } else {
                    "-"
                }
            )
        })
        .collect();
    out.push(format!(
        "{:depth$}{} {:?} pos={:?} anchor={:?} size={:?} scale={:?} angle={} opacity={} z={} active={}/{} tag={} [{}]",
        "",
        w.name(node).unwrap(),
        node,
        w.position(node).unwrap(),
        w.anchor(node).unwrap(),
        w.content_size(node).unwrap(),
        w.scale(node).unwrap(),
        w.angle_degrees(node).unwrap(),
        w.opacity(node).unwrap(),
        w.z_index(node).unwrap(),
        w.active(node).unwrap(),
        w.active_in_hierarchy(node).unwrap(),
        w.tag(node).unwrap(),
        comps.join(" "),
    ));
    let children: Vec<NodeId> = w.children(node).unwrap().collect();
    for child in children {
        dump(w, child, depth + 2, out);
    }
}

/// What a run shows: the tree after building, the probes' log and the engine's trace,
/// and three frames.
fn run(
    build: impl FnOnce(&mut EqWorld),
) -> (
    Vec<String>,
    Vec<String>,
    Vec<TraceEntry>,
    Vec<Framebuffer<Rgb888>>,
) {
    let mut w = EqWorld::new();
    w.set_tracing(true);
    take_log();
    build(&mut w);
    let mut tree = Vec::new();
    let root = w.root();
    dump(&w, root, 0, &mut tree);
    let mut renderer: Renderer<Rgb888, 16, 64> =
        Renderer::new(Size::new(64, 48), Rgb888::new(0, 0, 0), BusCost::new(16, 0));
    let mut frames = Vec::new();
    for _ in 0..3 {
        w.tick(DT).unwrap();
        let mut fb = Framebuffer::new(64, 48, Rgb888::new(255, 0, 255));
        renderer.render(&mut w, &mut fb).unwrap();
        frames.push(fb);
    }
    (tree, take_log(), w.trace().copied().collect(), frames)
}

#[test]
fn a_scene_builds_the_same_tree_log_and_frames_as_the_hand_built_one() {
    let (tree, log, trace, frames) = run(|w| {
        let root = w.root();
        let ids = Panel { accent: ACCENT }.instantiate(w, root).unwrap();
        assert_eq!(w.find_from_root("Panel/Title").unwrap(), Some(ids.title));
        assert_eq!(w.find_from_root("Panel/OK").unwrap(), Some(ids.ok));
        assert_eq!(w.comp(ids.text).unwrap().text.as_str(), "Hi");
        assert_eq!(w.component_node(ids.button.id()).unwrap(), ids.ok);
    });
    let (hand_tree, hand_log, hand_trace, hand_frames) = run(|w| {
        by_hand(w).unwrap();
    });
    assert_eq!(tree, hand_tree);
    assert_eq!(log, hand_log);
    assert_eq!(trace, hand_trace);
    assert_eq!(frames, hand_frames);
    // Activated as one subtree, Cocos's order: every preload in tree order, then every
    // on_load, then every on_enable, both by execution order (Neg -1, P 0, Pos 1); the
    // hidden node's probe waits.
    assert_eq!(
        log[..12],
        [
            "panel.preload",
            "title.preload",
            "dot.preload",
            "ok.preload",
            "title.on_load",
            "panel.on_load",
            "ok.on_load",
            "dot.on_load",
            "title.on_enable",
            "panel.on_enable",
            "ok.on_enable",
            "dot.on_enable",
        ]
    );
    assert!(log.iter().all(|line| !line.starts_with("hidden.")));
    // The frames are not blank: the panel's fill is at its centre.
    assert_eq!(frames[0].get(32, 24 + 6), Rgb888::new(20, 40, 60));
}
