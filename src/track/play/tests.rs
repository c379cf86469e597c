//! The screen drawn into ratatui's test backend, its keys turned into commands, and its moves
//! run through the whole of fray, on fights made by fray itself in a folder of their own.

use super::model::{Mode, Model, Tone};
use super::runner::{Ran, Runner};
use super::update::{Effect, Msg, update};
use super::view::view;
use crate::track::state::{self, Fight};
use crate::track::text::View;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A state folder of its own for each test, under the system's temporary folder.
struct Folder(PathBuf);

impl Folder {
    fn new() -> Folder {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("fray-play-unit-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    /// Reads XDG_STATE_HOME (this folder) and HOME (a folder with no config in it).
    fn var(&self) -> impl Fn(&str) -> Option<OsString> + '_ {
        move |name: &str| match name {
            "XDG_STATE_HOME" => Some(self.0.clone().into_os_string()),
            "HOME" | "XDG_CONFIG_HOME" => Some(self.0.join("home").into_os_string()),
            _ => None,
        }
    }

    /// `fray ARGS`, as the command line runs it; its exit status and streams.
    fn fray(&self, args: &[&str]) -> Ran {
        let var = self.var();
        let mut runner_args: Vec<OsString> = vec!["fray".into()];
        runner_args.extend(args.iter().map(OsString::from));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut stdin = std::io::empty();
        let mut env = crate::env::Env::new(&mut stdin, &mut out, &mut err, &var, false, None, || 7);
        let code = crate::app::main(&runner_args, &mut env);
        let ran = Ran { code, stdout: out, stderr: String::from_utf8(err).unwrap() };
        assert_eq!(ran.code, 0, "fray {args:?}: {}", ran.stderr);
        ran
    }

    fn fight(&self, name: &str) -> Fight {
        state::load(&state::file(&self.0.join("fray"), name)).unwrap().unwrap()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A 5e fight in its first round: two Ghouls acting together, Ansel hurt and blessed by the
/// Cleric's concentration, a note on a Ghoul.
fn tomb(folder: &Folder) -> Fight {
    let start = ["Cleric:hp=9,con=2", "Ansel:hp=12", "Ghoul:count=2,side=monsters,hp=22"];
    folder.fray(&[&["-r", "5e", "--seed", "2", "track", "--fight", "tomb", "start"][..], &start].concat());
    folder.fray(&["--seed", "4", "track", "--fight", "tomb", "damage", "Ansel", "2d6"]);
    let bless = ["effect", "Ansel", "Bless", "--rounds", "10", "--of", "Cleric", "--concentration"];
    folder.fray(&[&["track", "--fight", "tomb"][..], &bless].concat());
    folder.fray(&["track", "--fight", "tomb", "note", "Ghoul 2", "one eye, limps"]);
    folder.fight("tomb")
}

fn model(fight: Fight, view: View, moves: bool, color: bool) -> Model {
    let rules = crate::rulesets::Ruleset::named(&fight.rules).unwrap();
    Model::new(&fight.fight.clone(), rules, fight, view, moves, color)
}

/// The screen of `model` on a terminal of `width` × `height`.
fn drawn(model: &Model, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(model, frame)).unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer's lines as text, trailing spaces taken off.
fn text_of(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            let line: String = (0..area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect();
            line.trim_end().to_string()
        })
        .collect()
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Types `keys` (a character each, `\n` for Enter, `\t` for TAB, `\x1b` for Esc), and gives
/// the effect of the last.
fn typed(model: &mut Model, keys: &str) -> Effect {
    let mut effect = Effect::Nothing;
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\t' => KeyCode::Tab,
            '\u{1b}' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        effect = update(model, key(code));
    }
    effect
}

fn words(w: &[&str]) -> Effect {
    Effect::Run(w.iter().map(|s| s.to_string()).collect())
}

/// The screen as `lines` say, line by line (trailing spaces aside).
fn assert_screen(buffer: &Buffer, lines: &[&str]) {
    let drawn = text_of(buffer);
    let mut expected: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    expected.resize(usize::from(buffer.area.height), String::new());
    assert_eq!(drawn, expected, "\n{}", drawn.join("\n"));
}

/// The rows of `buffer` whose cells all carry `modifier`.
fn rows_with(buffer: &Buffer, modifier: Modifier) -> Vec<u16> {
    let area = buffer.area;
    (0..area.height).filter(|&y| (0..area.width).all(|x| buffer[(x, y)].modifier.contains(modifier))).collect()
}

#[test]
fn at_80_by_24_the_order_what_happened_and_the_keys() {
    let folder = Folder::new();
    let screen = drawn(&model(tomb(&folder), View::Table, true, false), 80, 24);
    assert_screen(
        &screen,
        &[
            "track · 5e · fight tomb · round 1 · Ghoul's turn",
            "> Ghoul ×2   13                    1d20 (13)",
            "    Ghoul 1      ██████████ 22/22",
            "    Ghoul 2      ██████████ 22/22  “one eye, limps”",
            "  Ansel      10  ██░░░░░░░░  2/12  Bless (10 rounds, to Cleric's turn and",
            "                                     concentration) · 1d20 (10)",
            "  Cleric      2  ██████████   9/9  1d20 (2)",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "── what happened ───────────────────────────────────────────────────────────────",
            "Ansel takes 10 (2d6: 5 5 = 10): 12/12 → 2/12",
            "Ansel: Bless, for 10 rounds, to the start of Cleric's turn in round 11",
            "Ghoul 2: “one eye, limps”",
            "",
            "",
            "",
            "? lists the keys; : takes any track action",
            "n next  u undo  d damage  h heal  e effect  : command  t note  ? help  q quit",
        ],
    );
    // The seat whose turn it is starts selected, across the whole line.
    assert_eq!(rows_with(&screen, Modifier::REVERSED), [1]);
}

#[test]
fn at_60_columns_what_is_said_wraps_under_its_column() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    // Down to Ansel, whose four lines are all marked.
    typed(&mut m, "jjj");
    let screen = drawn(&m, 60, 24);
    assert_screen(
        &screen,
        &[
            "track · 5e · fight tomb · round 1 · Ghoul's turn",
            "> Ghoul ×2   13                    1d20 (13)",
            "    Ghoul 1      ██████████ 22/22",
            "    Ghoul 2      ██████████ 22/22  “one eye, limps”",
            "  Ansel      10  ██░░░░░░░░  2/12  Bless (10 rounds,",
            "                                     to Cleric's turn and",
            "                                     concentration)",
            "                                     · 1d20 (10)",
            "  Cleric      2  ██████████   9/9  1d20 (2)",
            "",
            "",
            "",
            "",
            "",
            "",
            "── what happened ───────────────────────────────────────────",
            "Ansel takes 10 (2d6: 5 5 = 10): 12/12 → 2/12",
            "Ansel: Bless, for 10 rounds, to the start of Cleric's turn",
            "  in round 11",
            "Ghoul 2: “one eye, limps”",
            "",
            "",
            "? lists the keys; : takes any track action",
            "n next  u undo  d damage  h heal  e effect  ? help  q quit",
        ],
    );
    assert_eq!(rows_with(&screen, Modifier::REVERSED), [4, 5, 6, 7]);
}

#[test]
fn the_players_screen_hides_the_hidden_and_the_monsters_numbers() {
    let folder = Folder::new();
    tomb(&folder);
    folder.fray(&["track", "--fight", "tomb", "hide", "Ghoul 2"]);
    let m = model(folder.fight("tomb"), View::Players, false, false);
    let screen = drawn(&m, 60, 12);
    assert_screen(
        &screen,
        &[
            "fight tomb · round 1 · Ghoul's turn",
            "> Ghoul ×1",
            "    Ghoul 1      unhurt",
            "  Ansel      10  ██░░░░░░░░  2/12  Bless (10 rounds,",
            "                                     to Cleric's turn and",
            "                                     concentration)",
            "  Cleric      2  ██████████   9/9",
            "",
            "",
            "",
            "",
            "↑↓ scroll  ? help  q quit",
        ],
    );
    // Nothing is selected on a screen that changes nothing, and no note or roll is shown.
    assert!(rows_with(&screen, Modifier::REVERSED).is_empty());
    let all = text_of(&screen).join("\n");
    assert!(!all.contains("Ghoul 2") && !all.contains("one eye") && !all.contains("1d20"), "{all}");
}

#[test]
fn colour_follows_the_palette_and_none_is_drawn_without_it() {
    let folder = Folder::new();
    let fight = tomb(&folder);
    let coloured = drawn(&model(fight.clone(), View::Table, true, true), 80, 24);
    // Ansel's bar (2 of 12 left) is red, the Cleric's (all left) green, as `show` colours them.
    assert_eq!(coloured[(17, 4)].symbol(), "█");
    assert_eq!(coloured[(17, 4)].fg, Color::Red);
    assert_eq!(coloured[(17, 6)].fg, Color::Green);
    assert_eq!(coloured[(2, 4)].fg, Color::Cyan, "names are cyan");
    let plain = drawn(&model(fight, View::Table, true, false), 80, 24);
    let area = plain.area;
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &plain[(x, y)];
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "colour at {x},{y}");
            // The selection is shown reversed, which needs no colour.
            assert!((cell.modifier - Modifier::REVERSED).is_empty(), "{:?} at {x},{y}", cell.modifier);
        }
    }
    // And the same words either way.
    assert_eq!(text_of(&coloured), text_of(&plain));
}

#[test]
fn any_size_draws_and_a_long_order_scrolls_to_the_selected() {
    let folder = Folder::new();
    let names: Vec<String> = (1..=30).map(|i| format!("Fighter{i}:hp=10,initiative={}", 40 - i)).collect();
    let mut args = vec!["-r", "5e", "--seed", "1", "track", "--fight", "many", "start"];
    args.extend(names.iter().map(String::as_str));
    folder.fray(&args);
    let mut m = model(folder.fight("many"), View::Table, true, false);
    for (w, h) in [(80, 24), (60, 24), (20, 5), (1, 1), (0, 0), (200, 60), (80, 3)] {
        drawn(&m, w, h);
    }
    typed(&mut m, "G");
    let screen = text_of(&drawn(&m, 80, 24));
    // The last row shows, at the bottom of the order, marked.
    assert!(screen[14].starts_with("  Fighter30"), "{}", screen.join("\n"));
    assert!(!screen.iter().any(|l| l.starts_with("> Fighter1 ")), "{}", screen.join("\n"));
    typed(&mut m, "g");
    let screen = text_of(&drawn(&m, 80, 24));
    assert!(screen[1].starts_with("> Fighter1 "), "{}", screen.join("\n"));
}

#[test]
fn the_keys_scroll_in_their_box_and_fit_60_columns() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    typed(&mut m, "?");
    let first = text_of(&drawn(&m, 60, 24));
    assert!(first[1].starts_with("│Keys:"), "{}", first.join("\n"));
    assert!(first.iter().all(|l| l.chars().count() <= 60));
    assert!(first[22].contains("↓ more"), "{}", first.join("\n"));
    assert!(first[23].starts_with("↑↓ scroll"), "{}", first.join("\n"));
    update(&mut m, key(KeyCode::PageDown));
    update(&mut m, key(KeyCode::PageDown));
    let last = text_of(&drawn(&m, 60, 24)).join("\n");
    assert!(last.contains("│  q  Ctrl-C   quit") && last.contains("↑ more"), "{last}");
    // Any other key goes back to the order.
    typed(&mut m, "x");
    assert_eq!(m.mode, Mode::Order);
}

#[test]
fn a_question_is_asked_on_the_line_above_the_keys_with_its_cursor() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    typed(&mut m, "jjjd2d6");
    let mut terminal = Terminal::new(TestBackend::new(60, 24)).unwrap();
    terminal.draw(|frame| view(&m, frame)).unwrap();
    let screen = text_of(terminal.backend().buffer());
    assert_eq!(screen[22], "damage Ansel (amount or dice, flags): 2d6");
    assert_eq!(screen[23], "Enter run  Esc cancel  Tab complete");
    terminal.backend_mut().assert_cursor_position((41, 22));
}

#[test]
fn the_moves_keys_stand_for_the_commands_typed() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    assert_eq!(typed(&mut m, "n"), words(&["next"]));
    assert_eq!(typed(&mut m, "u"), words(&["undo"]));
    // Ansel is the fourth row: Ghoul, Ghoul 1, Ghoul 2, Ansel.
    typed(&mut m, "jjj");
    assert_eq!(typed(&mut m, "d2d6+3 --half\n"), words(&["damage", "Ansel", "2d6+3", "--half"]));
    assert_eq!(typed(&mut m, "h1d8+2\n"), words(&["heal", "Ansel", "1d8+2"]));
    assert_eq!(
        typed(&mut m, "eStunned\n1\ne\n"),
        words(&["effect", "Ansel", "Stunned", "--rounds", "1", "--until", "end"])
    );
    assert_eq!(typed(&mut m, "eProne\n\n"), words(&["effect", "Ansel", "Prone"]));
    assert_eq!(typed(&mut m, "xBless\n"), words(&["effect", "Ansel", "Bless", "--end"]));
    assert_eq!(typed(&mut m, "tlost his shield\n"), words(&["note", "Ansel", "lost his shield"]));
    assert_eq!(typed(&mut m, "v"), words(&["hide", "Ansel"]));
    assert_eq!(typed(&mut m, "aWolf:side=monsters,hp=11\n"), words(&["add", "Wolf:side=monsters,hp=11"]));
    assert_eq!(typed(&mut m, "ry"), words(&["remove", "Ansel"]));
    assert_eq!(typed(&mut m, "rn"), Effect::Nothing);
    // A group's seat stands for all its members, a member for itself.
    typed(&mut m, "g");
    assert_eq!(typed(&mut m, "d7\n"), words(&["damage", "Ghoul", "7"]));
    typed(&mut m, "j");
    assert_eq!(typed(&mut m, "d7\n"), words(&["damage", "Ghoul 1", "7"]));
    // Esc and an empty answer change nothing; neither does a key that is no key.
    assert_eq!(typed(&mut m, "d7\u{1b}"), Effect::Nothing);
    assert_eq!(typed(&mut m, "d\n"), Effect::Nothing);
    assert_eq!(m.mode, Mode::Order);
    assert_eq!(typed(&mut m, "Z"), Effect::Nothing);
    assert_eq!(m.said.tone, Tone::Refused);
    // 5e has no delayed actions.
    assert_eq!(typed(&mut m, "w"), Effect::Nothing);
    assert!(m.said.text.contains("no delayed"), "{}", m.said.text);
    // Ctrl-C and q quit, a question or not.
    assert_eq!(update(&mut m, Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))), Effect::Quit);
    typed(&mut m, "d");
    assert_eq!(update(&mut m, Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))), Effect::Quit);
    m.mode = Mode::Order;
    assert_eq!(typed(&mut m, "q"), Effect::Quit);
}

#[test]
fn every_key_the_help_lists_is_a_key_of_the_screen() {
    let folder = Folder::new();
    // wod has delayed, readied and held actions.
    folder.fray(&["-r", "wod", "--seed", "1", "track", "--fight", "cellar", "start", "Mitch:dex=3", "Larry:dex=2"]);
    let listed: Vec<char> = crate::cli::PLAY_KEYS
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .flat_map(|l| l[..14].split_whitespace().filter(|k| k.chars().count() == 1).map(|k| k.chars().next().unwrap()))
        .collect();
    assert_eq!(listed.len(), 16, "{listed:?}");
    for c in listed {
        let mut m = model(folder.fight("cellar"), View::Table, true, false);
        typed(&mut m, &c.to_string());
        assert_ne!(m.said.tone, Tone::Refused, "'{c}': {}", m.said.text);
    }
}

#[test]
fn delays_readies_and_holds_name_the_other_as_the_command_line_does() {
    let folder = Folder::new();
    folder.fray(&["-r", "wod", "--seed", "1", "track", "--fight", "cellar", "start", "Mitch:dex=3", "Larry:dex=2"]);
    let mut m = model(folder.fight("cellar"), View::Table, true, false);
    let first = m.target().unwrap().name;
    let other = if first == "Mitch" { "Larry" } else { "Mitch" };
    // TAB completes the other's name.
    assert_eq!(typed(&mut m, &format!("w{}\t\n", &other[..1])), words(&["delay", &format!("{first}:after={other}")]));
    assert_eq!(typed(&mut m, "w\n"), words(&["delay", &first]));
    assert_eq!(typed(&mut m, &format!("p{other}\n")), words(&["ready", &format!("{first}:before={other}")]));
    assert_eq!(typed(&mut m, "o\n"), words(&["hold", &first]));
    assert_eq!(typed(&mut m, &format!("oafter {other}\n")), words(&["hold", &format!("{first}:after={other}")]));
}

#[test]
fn the_colon_line_takes_a_track_action_as_typed() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    assert_eq!(typed(&mut m, ":damage 'Ghoul 1' 2d6+3 --half\n"), words(&["damage", "Ghoul 1", "2d6+3", "--half"]));
    assert_eq!(typed(&mut m, ":fray track next\n"), words(&["next"]));
    assert_eq!(typed(&mut m, ":\n"), Effect::Nothing);
    // Up brings back the lines run, the latest first.
    typed(&mut m, ":");
    update(&mut m, key(KeyCode::Up));
    update(&mut m, key(KeyCode::Up));
    assert_eq!(typed(&mut m, "\n"), words(&["damage", "Ghoul 1", "2d6+3", "--half"]));
    // TAB asks for what fits the word at the cursor; what comes back is put in.
    assert_eq!(typed(&mut m, ":damage Gh\t"), Effect::Offer("damage Gh".into()));
    update(&mut m, Msg::Offered(vec!["Ghoul".into(), "Ghoul 1".into(), "Ghoul 2".into()]));
    let Mode::Ask(ask) = &m.mode else { panic!("still asking") };
    assert_eq!((ask.input.as_str(), ask.offered.len()), ("damage Ghoul", 3));
    // TAB again goes through them, quoted as the shell would need.
    typed(&mut m, "\t\t");
    let Mode::Ask(ask) = &m.mode else { panic!("still asking") };
    assert_eq!(ask.input, "damage 'Ghoul 1'");
    assert_eq!(typed(&mut m, " 4\n"), words(&["damage", "Ghoul 1", "4"]));
    // One that fits is put in whole, with a space after it.
    typed(&mut m, ":heal Ans\t");
    update(&mut m, Msg::Offered(vec!["Ansel".into()]));
    let Mode::Ask(ask) = &m.mode else { panic!("still asking") };
    assert_eq!(ask.input, "heal Ansel ");
}

#[test]
fn what_a_move_said_is_its_events_or_its_error() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    let var = folder.var();
    let mut runner = Runner::new(crate::app::main, "tomb", &var, || 7, Some(9));
    update(&mut m, Msg::Ran(runner.run(&["damage".into(), "Ansel".into(), "3".into()])));
    assert_eq!(m.said.text, "Ansel takes 3: 2/12 → 0/12 · Ansel is dying");
    assert_eq!(m.said.tone, Tone::Done);
    update(&mut m, Msg::Ran(runner.run(&["damage".into(), "Nobody".into(), "3".into()])));
    assert_eq!(m.said.tone, Tone::Refused);
    assert!(m.said.text.starts_with("error: "), "{}", m.said.text);
    // A screen cannot open inside the screen: its command's output is no terminal.
    update(&mut m, Msg::Ran(runner.run(&["play".into()])));
    assert!(m.said.text.contains("draws on a terminal"), "{}", m.said.text);
}

#[test]
fn moves_land_in_the_file_each_with_dice_of_its_own() {
    let folder = Folder::new();
    tomb(&folder);
    let var = folder.var();
    let mut runner = Runner::new(crate::app::main, "tomb", &var, || 7, Some(9));
    let hp = |f: &Fight| f.combatant("Ghoul 1").unwrap().hp.unwrap();
    let mut rolled = Vec::new();
    for _ in 0..4 {
        let before = hp(&folder.fight("tomb"));
        let ran = runner.run(&["damage".into(), "Ghoul 1".into(), "1d100".into()]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        rolled.push(before - hp(&folder.fight("tomb")));
    }
    // Four rolls of a d100 from one seed, not one roll four times.
    rolled.dedup();
    assert!(rolled.len() > 1, "{rolled:?}");
    // The same seed gives the same moves.
    let again = Folder::new();
    tomb(&again);
    let var = again.var();
    let mut runner = Runner::new(crate::app::main, "tomb", &var, || 7, Some(9));
    for _ in 0..4 {
        runner.run(&["damage".into(), "Ghoul 1".into(), "1d100".into()]);
    }
    assert_eq!(hp(&again.fight("tomb")), hp(&folder.fight("tomb")));
    // And undo takes the last back.
    let ran = runner.run(&["undo".into()]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(again.fight("tomb").undo.len(), folder.fight("tomb").undo.len() - 1);
}

#[test]
fn tab_on_the_colon_line_offers_what_the_shell_would() {
    let folder = Folder::new();
    tomb(&folder);
    let var = folder.var();
    let runner = Runner::new(crate::app::main, "tomb", &var, || 7, None);
    assert_eq!(runner.offer("damage Gh"), ["Ghoul", "Ghoul 1", "Ghoul 2"]);
    assert_eq!(runner.offer("fray track effect Ansel Bl"), ["Bless"]);
    assert!(runner.offer("dam").contains(&"damage".to_string()));
    assert!(runner.offer("damage Ansel 5 --ha").contains(&"--half".to_string()));
}

#[test]
fn the_screen_follows_the_file_and_the_turn() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, true, false);
    typed(&mut m, "jjjj");
    assert_eq!(m.target().unwrap().name, "Cleric");
    // Another writer's change keeps the selection where it was.
    folder.fray(&["track", "--fight", "tomb", "heal", "Ansel", "1"]);
    update(&mut m, Msg::Read(Box::new(Ok(Some(folder.fight("tomb"))))));
    assert_eq!(m.target().unwrap().name, "Cleric");
    // A new turn selects whose turn it is.
    folder.fray(&["track", "--fight", "tomb", "next"]);
    update(&mut m, Msg::Read(Box::new(Ok(Some(folder.fight("tomb"))))));
    assert_eq!(m.target().unwrap().name, "Ansel");
    // A fight forgotten leaves the screen with nothing to change, and says so.
    folder.fray(&["track", "--fight", "tomb", "end", "--yes"]);
    update(&mut m, Msg::Read(Box::new(Ok(None))));
    assert!(m.said.text.contains("no longer kept"), "{}", m.said.text);
    assert_eq!(typed(&mut m, "n"), Effect::Nothing);
    assert!(text_of(&drawn(&m, 80, 24)).iter().any(|l| l.contains("No fight named 'tomb'")));
}

#[test]
fn a_screen_without_moves_only_scrolls_and_quits() {
    let folder = Folder::new();
    let mut m = model(tomb(&folder), View::Table, false, false);
    for c in "nudhextvarwpo:".chars() {
        assert_eq!(typed(&mut m, &c.to_string()), Effect::Nothing, "{c}");
        assert_eq!(m.mode, Mode::Order, "{c}");
    }
    assert_eq!(typed(&mut m, "q"), Effect::Quit);
}
