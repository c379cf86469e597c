//! Keys and what the file and the moves say, turned into changes of the [`Model`] and into the
//! words of a `fray track` command to run: a key never changes the fight itself, it names the
//! command the same words typed at the shell would run.

use super::model::{About, Ask, Mode, Model, Said, Tone};
use super::runner::Ran;
use crate::error::Result;
use crate::track::complete::{names_and_effects, shell_quote, shell_words, shell_words_at};
use crate::track::state::Fight;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// Something that happened to the screen.
pub enum Msg {
    Key(KeyEvent),
    /// What a command run for a move said.
    Ran(Ran),
    /// The fight read from its file again (after a move, or when the file changed).
    Read(Box<Result<Option<Fight>>>),
    /// What TAB offers for the word at the cursor of the `:` line.
    Offered(Vec<String>),
}

/// What the screen asks of the world after a message.
#[derive(Debug, PartialEq)]
pub enum Effect {
    Nothing,
    /// Run `fray track` with these words (after `--fight NAME`).
    Run(Vec<String>),
    /// Ask what TAB offers for this `:` line.
    Offer(String),
    Quit,
}

/// How many rows PageUp and PageDown move.
const PAGE: usize = 10;

/// Applies `msg` to `model`, and says what is to be done next.
pub fn update(model: &mut Model, msg: Msg) -> Effect {
    match msg {
        Msg::Key(key) if key.kind == KeyEventKind::Release => Effect::Nothing,
        Msg::Key(key) if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') => {
            Effect::Quit
        }
        Msg::Key(key) => match std::mem::replace(&mut model.mode, Mode::Order) {
            Mode::Order => order_key(model, key),
            Mode::Help(top) => {
                let scrolled = match key.code {
                    KeyCode::Char('q') => return Effect::Quit,
                    KeyCode::Up | KeyCode::Char('k') => top.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => top + 1,
                    KeyCode::PageUp => top.saturating_sub(PAGE),
                    KeyCode::PageDown => top + PAGE,
                    KeyCode::Home => 0,
                    _ => return Effect::Nothing,
                };
                // The view keeps it within the lines there are.
                model.mode = Mode::Help(scrolled);
                Effect::Nothing
            }
            Mode::Ask(ask) => ask_key(model, ask, key),
        },
        Msg::Ran(ran) => {
            model.said = said_by(&ran);
            Effect::Nothing
        }
        Msg::Read(read) => match *read {
            Ok(fight) => {
                if fight.is_none() && model.fight.is_some() {
                    let text = format!("the fight '{}' is no longer kept (':start ...' opens a new one)", model.name);
                    model.said = Said::new(text, Tone::Refused);
                }
                model.read(fight);
                Effect::Nothing
            }
            Err(err) => {
                // The fight as last read stays on the screen.
                model.said = Said::new(format!("error: {err}"), Tone::Refused);
                Effect::Nothing
            }
        },
        Msg::Offered(offered) => {
            if let Mode::Ask(ask) = &mut model.mode {
                offer_in_line(ask, offered);
            }
            Effect::Nothing
        }
    }
}

/// What a command said: the events it reports, or its error.
fn said_by(ran: &Ran) -> Said {
    if ran.code != 0 {
        let line = ran.stderr.lines().next().unwrap_or("the command failed");
        return Said::new(line.strip_prefix("fray: ").unwrap_or(line), Tone::Refused);
    }
    let doc: Option<serde_json::Value> = serde_json::from_slice(&ran.stdout).ok();
    let Some(events) = doc.as_ref().and_then(|d| d.get("events")).and_then(|e| e.as_array()) else {
        // Not the document asked for (-q or --format given on the : line): its first line.
        let text = String::from_utf8_lossy(&ran.stdout);
        return Said::new(text.lines().next().unwrap_or("done"), Tone::Done);
    };
    let text_of = |turns: bool| -> Vec<&str> {
        let kind = |e: &&serde_json::Value| (e.get("event").and_then(|k| k.as_str()) == Some("turn")) == turns;
        events.iter().filter(kind).filter_map(|e| e.get("text")?.as_str()).collect()
    };
    let mut texts = text_of(false);
    if texts.is_empty() {
        texts = text_of(true);
    }
    if texts.is_empty() {
        return Said::new("done", Tone::Done);
    }
    Said::new(texts.join(" · "), Tone::Done)
}

/// A key while the order has the keys.
fn order_key(model: &mut Model, key: KeyEvent) -> Effect {
    let rows = model.rows().len();
    let last = rows.saturating_sub(1);
    match key.code {
        KeyCode::Char('q') => return Effect::Quit,
        KeyCode::Char('?') => model.mode = Mode::Help(0),
        KeyCode::Esc => model.said = Said::default(),
        KeyCode::Up | KeyCode::Char('k') => model.selected = model.selected.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => model.selected = (model.selected + 1).min(last),
        KeyCode::Home | KeyCode::Char('g') => model.selected = 0,
        KeyCode::End | KeyCode::Char('G') => model.selected = last,
        KeyCode::PageUp => model.selected = model.selected.saturating_sub(PAGE),
        KeyCode::PageDown => model.selected = (model.selected + PAGE).min(last),
        KeyCode::Char(c) if model.moves => return move_key(model, c),
        _ => {}
    }
    Effect::Nothing
}

/// A key that changes the fight: a command at once, or a question first.
fn move_key(model: &mut Model, c: char) -> Effect {
    let words = |w: &[&str]| Effect::Run(w.iter().map(|s| s.to_string()).collect());
    match c {
        ':' => {
            model.mode = Mode::Ask(Ask::new(About::Line));
            return Effect::Nothing;
        }
        _ if model.fight.is_none() => {
            model.said = Said::new("no fight to change: ':start ...' opens one, q quits", Tone::Refused);
            return Effect::Nothing;
        }
        'n' => return words(&["next"]),
        'u' => return words(&["undo"]),
        'a' => {
            model.mode = Mode::Ask(Ask::new(About::Add));
            return Effect::Nothing;
        }
        _ => {}
    }
    let about: fn(String) -> About = match c {
        'd' => About::Damage,
        'h' => About::Heal,
        'e' => About::Effect,
        'x' => About::EndEffect,
        't' => About::Note,
        'r' => About::Remove,
        'v' => return hide_or_reveal(model),
        'w' | 'p' | 'o' if !model.delays() => {
            let text = format!("the {} ruleset has no delayed, readied or held actions", model.rules.id);
            model.said = Said::new(text, Tone::Refused);
            return Effect::Nothing;
        }
        'w' => About::Delay,
        'p' => About::Ready,
        'o' => About::Hold,
        _ => {
            model.said = Said::new(format!("'{c}' is not a key here: ? lists them"), Tone::Refused);
            return Effect::Nothing;
        }
    };
    match model.target() {
        Some(row) => model.mode = Mode::Ask(Ask::new(about(row.name))),
        None => model.said = Said::new("nobody is selected", Tone::Refused),
    }
    Effect::Nothing
}

/// `v`: hide the selected, or reveal it when all it stands for is hidden.
fn hide_or_reveal(model: &mut Model) -> Effect {
    let (Some(row), Some(fight)) = (model.target(), model.fight.as_ref()) else {
        model.said = Said::new("nobody is selected", Tone::Refused);
        return Effect::Nothing;
    };
    let seat = &fight.order[row.seat];
    let who = if row.member { vec![row.name.as_str()] } else { seat.who() };
    let hidden = !who.is_empty() && who.iter().all(|n| fight.combatant(n).is_some_and(|c| c.hidden));
    Effect::Run(vec![if hidden { "reveal" } else { "hide" }.to_string(), row.name])
}

/// A key while a question is asked.
fn ask_key(model: &mut Model, mut ask: Ask, key: KeyEvent) -> Effect {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if let About::Remove(name) = &ask.about {
        // A yes-or-no question: one key answers it.
        return match key.code {
            KeyCode::Char('y' | 'Y') => Effect::Run(vec!["remove".into(), name.clone()]),
            _ => Effect::Nothing,
        };
    }
    if key.code != KeyCode::Tab {
        ask.offered.clear();
        ask.cycled = None;
    }
    match key.code {
        KeyCode::Esc => return Effect::Nothing,
        KeyCode::Enter => return answer(model, ask),
        // Several offered already: each TAB puts in the next.
        KeyCode::Tab if !ask.offered.is_empty() => cycle(&mut ask),
        KeyCode::Tab if ask.about == About::Line => {
            let line = ask.input.clone();
            model.mode = Mode::Ask(ask);
            return Effect::Offer(line);
        }
        KeyCode::Tab => {
            let all = local_offers(model, &ask);
            offer_whole(&mut ask, all);
        }
        KeyCode::Char('u') if ctrl => {
            ask.input.replace_range(..ask.cursor, "");
            ask.cursor = 0;
        }
        KeyCode::Char('a') if ctrl => ask.cursor = 0,
        KeyCode::Char('e') if ctrl => ask.cursor = ask.input.len(),
        KeyCode::Char(c) if !ctrl => {
            ask.input.insert(ask.cursor, c);
            ask.cursor += c.len_utf8();
        }
        KeyCode::Backspace => {
            if let Some(c) = ask.input[..ask.cursor].chars().next_back() {
                ask.cursor -= c.len_utf8();
                ask.input.remove(ask.cursor);
            }
        }
        KeyCode::Delete if ask.cursor < ask.input.len() => {
            ask.input.remove(ask.cursor);
        }
        KeyCode::Left => {
            if let Some(c) = ask.input[..ask.cursor].chars().next_back() {
                ask.cursor -= c.len_utf8();
            }
        }
        KeyCode::Right => {
            if let Some(c) = ask.input[ask.cursor..].chars().next() {
                ask.cursor += c.len_utf8();
            }
        }
        KeyCode::Home => ask.cursor = 0,
        KeyCode::End => ask.cursor = ask.input.len(),
        KeyCode::Up | KeyCode::Down if ask.about == About::Line => recall(model, &mut ask, key.code == KeyCode::Up),
        _ => {}
    }
    model.mode = Mode::Ask(ask);
    Effect::Nothing
}

/// Up and Down on the `:` line: the lines run before, the latest first, then the empty line.
fn recall(model: &Model, ask: &mut Ask, older: bool) {
    let count = model.history.len();
    let at = match (ask.recalled, older) {
        (None, true) if count > 0 => Some(count - 1),
        (None, _) => None,
        (Some(i), true) => Some(i.saturating_sub(1)),
        (Some(i), false) if i + 1 < count => Some(i + 1),
        (Some(_), false) => None,
    };
    ask.recalled = at;
    ask.input = at.map_or(String::new(), |i| model.history[i].clone());
    ask.cursor = ask.input.len();
}

/// Enter: the command the answers stand for, or the next step of the question.
fn answer(model: &mut Model, mut ask: Ask) -> Effect {
    let input = ask.input.trim().to_string();
    let run = |mut words: Vec<String>, rest: &str| {
        words.extend(shell_words(rest).into_iter().filter(|w| !w.is_empty()));
        Effect::Run(words)
    };
    match ask.about.clone() {
        _ if input.is_empty() && !matches!(ask.about, About::Effect(_) | About::Delay(_) | About::Hold(_)) => {
            Effect::Nothing
        }
        About::Damage(name) => run(vec!["damage".into(), name], &input),
        About::Heal(name) => run(vec!["heal".into(), name], &input),
        About::Effect(name) => match ask.answers.len() {
            0 if input.is_empty() => Effect::Nothing,
            // No rounds: it lasts until ended.
            1 if input.is_empty() => Effect::Run(vec!["effect".into(), name, ask.answers[0].clone()]),
            0 | 1 => {
                ask.answers.push(input);
                ask.input.clear();
                ask.cursor = 0;
                ask.offered.clear();
                model.mode = Mode::Ask(ask);
                Effect::Nothing
            }
            _ => {
                let until = match input.as_str() {
                    "" | "s" => "start".to_string(),
                    "e" => "end".to_string(),
                    other => other.to_string(),
                };
                let (effect, rounds) = (ask.answers[0].clone(), ask.answers[1].clone());
                Effect::Run(vec!["effect".into(), name, effect, "--rounds".into(), rounds, "--until".into(), until])
            }
        },
        About::EndEffect(name) => Effect::Run(vec!["effect".into(), name, input, "--end".into()]),
        About::Note(name) => Effect::Run(vec!["note".into(), name, input]),
        About::Add => run(vec!["add".into()], &input),
        About::Remove(_) => Effect::Nothing,
        About::Delay(name) if input.is_empty() => Effect::Run(vec!["delay".into(), name]),
        About::Delay(name) => Effect::Run(vec!["delay".into(), format!("{name}:after={input}")]),
        About::Ready(name) => Effect::Run(vec!["ready".into(), format!("{name}:before={input}")]),
        About::Hold(name) => {
            let place = ["before", "after"].into_iter().find_map(|place| {
                let other = input.strip_prefix(place)?;
                Some(format!(":{place}={}", other.trim_start_matches(['=', ' '])))
            });
            let spec = match (input.is_empty(), place) {
                (true, _) => name,
                (false, Some(place)) => format!("{name}{place}"),
                (false, None) => format!("{name}:{input}"),
            };
            Effect::Run(vec!["hold".into(), spec])
        }
        About::Line => {
            if model.history.last() != Some(&ask.input) {
                model.history.push(ask.input.clone());
            }
            let mut words: Vec<String> = shell_words(&input).into_iter().filter(|w| !w.is_empty()).collect();
            // The line as typed at the shell, `fray track` and all.
            for lead in ["fray", "track"] {
                if words.first().is_some_and(|w| w == lead) {
                    words.remove(0);
                }
            }
            if words.is_empty() { Effect::Nothing } else { Effect::Run(words) }
        }
    }
}

/// What TAB offers in a question about one combatant: the effects on it to end, the effects
/// in the fight to name one, else the others' names.
fn local_offers(model: &Model, ask: &Ask) -> Vec<String> {
    let Some(fight) = &model.fight else { return Vec::new() };
    let (names, effects) = names_and_effects(fight);
    match &ask.about {
        About::EndEffect(name) => {
            let whose: Vec<&str> = match fight.order.iter().find(|s| &s.name == name) {
                Some(seat) => seat.who(),
                None => vec![name.as_str()],
            };
            let mut on: Vec<String> = Vec::new();
            for effect in whose.iter().filter_map(|n| fight.combatant(n)).flat_map(|c| &c.effects) {
                if !on.contains(&effect.name) {
                    on.push(effect.name.clone());
                }
            }
            on
        }
        About::Effect(_) if ask.answers.is_empty() => effects,
        About::Delay(name) | About::Ready(name) => names.into_iter().filter(|n| n != name).collect(),
        About::Hold(name) => {
            let others = names.iter().filter(|n| *n != name);
            others.flat_map(|n| [format!("before {n}"), format!("after {n}")]).collect()
        }
        _ => Vec::new(),
    }
}

/// TAB where the whole answer is one value: the one that fits, or as much as all that fit share.
fn offer_whole(ask: &mut Ask, all: Vec<String>) {
    let fits: Vec<String> = all.into_iter().filter(|o| o.starts_with(&ask.input)).collect();
    if let Some(shared) = shared_start(&fits).filter(|s| s.len() > ask.input.len()) {
        ask.input = shared;
    }
    ask.cursor = ask.input.len();
    ask.offered = if fits.len() > 1 { fits } else { Vec::new() };
}

/// TAB on the `:` line: the word at the end replaced by the one offered (quoted where a shell
/// would need it, and a space after it), or by as much as all offered share.
fn offer_in_line(ask: &mut Ask, offered: Vec<String>) {
    let (words, start) = shell_words_at(&ask.input);
    let now = words.last().cloned().unwrap_or_default();
    let fits: Vec<String> = offered.into_iter().filter(|o| o.starts_with(&now)).collect();
    let replaced = match fits.as_slice() {
        [] => None,
        [one] => {
            let open = one.ends_with('=') || one.ends_with(':');
            Some(format!("{}{}", shell_quote(one), if open { "" } else { " " }))
        }
        _ => shared_start(&fits).filter(|s| s.len() > now.len()).map(|shared| {
            // An opening quote only: the rest of the word is still to come.
            let quoted = shell_quote(&shared);
            if quoted.starts_with('\'') { quoted[..quoted.len() - 1].to_string() } else { quoted }
        }),
    };
    if let Some(word) = replaced {
        ask.input.replace_range(start.., &word);
    }
    ask.cursor = ask.input.len();
    ask.offered = if fits.len() > 1 { fits } else { Vec::new() };
}

/// TAB again after several were offered: the next of them in place of the word at the end
/// (the whole answer, but on the `:` line).
fn cycle(ask: &mut Ask) {
    let next = ask.cycled.map_or(0, |i| (i + 1) % ask.offered.len());
    ask.cycled = Some(next);
    let word = &ask.offered[next];
    let start = if ask.about == About::Line { shell_words_at(&ask.input).1 } else { 0 };
    let put = if ask.about == About::Line { shell_quote(word) } else { word.clone() };
    ask.input.replace_range(start.., &put);
    ask.cursor = ask.input.len();
}

/// The longest start all of `words` share (none when there are none).
fn shared_start(words: &[String]) -> Option<String> {
    let mut shared = words.first()?.as_str();
    for word in &words[1..] {
        let mut end = 0;
        for ((at, a), b) in shared.char_indices().zip(word.chars()) {
            if a != b {
                break;
            }
            end = at + a.len_utf8();
        }
        shared = &shared[..end];
    }
    Some(shared.to_string())
}
