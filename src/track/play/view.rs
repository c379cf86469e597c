//! The model drawn into a frame: a title line (the round and whose turn it is), the order with
//! hit points, effects and notes in the words and styles of `fray track show`, what the fight's
//! last commands said, a line for what the last move said or the question asked, and the keys.

use super::model::{About, Ask, Mode, Model, Row, Tone};
use crate::render::{Palette, possessive, width_of};
use crate::track::state::Fight;
use crate::track::text::{self, View};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// The fewest columns what is said of a row takes beside it before it goes under it instead
/// (as in `show`).
const NOTES_AT_LEAST: usize = 24;
/// The most lines what happened takes (its title line included).
const EVENT_LINES: u16 = 7;
/// The fewest rows at which what happened is shown at all.
const EVENTS_FROM_ROWS: u16 = 14;

/// Draws `model` over the whole frame.
pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    if area.height == 0 || area.width == 0 {
        return;
    }
    let p = Palette::new(model.color).with_width(usize::from(area.width).max(20));
    let mut y = area.y;
    let line_at = |y: u16| Rect { x: area.x, y, width: area.width, height: 1 };
    frame.render_widget(Paragraph::new(title(model, &p)), line_at(y));
    y += 1;
    // The last two lines: what was said (or the question), then the keys.
    let bottom = area.y + area.height;
    let below = 2.min(bottom - y);
    let body = Rect { x: area.x, y, width: area.width, height: bottom - y - below };
    let events = match (model.view, body.height >= EVENTS_FROM_ROWS - 3) {
        (View::Table, true) => EVENT_LINES.min(body.height / 3),
        _ => 0,
    };
    let order = Rect { height: body.height - events, ..body };
    draw_order(model, &p, frame, order);
    if events > 0 {
        let area = Rect { y: order.y + order.height, height: events, ..body };
        draw_events(model, frame, area);
    }
    if below == 2 {
        draw_said(model, frame, line_at(bottom - 2));
    }
    if below >= 1 {
        frame.render_widget(Paragraph::new(keys_line(model, usize::from(area.width))), line_at(bottom - 1));
    }
    if let Mode::Help(top) = model.mode {
        // Over all but the keys' line, which says how to scroll it and leave it.
        let above_keys = Rect { height: area.height.saturating_sub(1), ..area };
        draw_help(model, frame, above_keys, top);
    }
}

/// `track · 5e · fight tomb · round 3 · Ansel's turn` (for the players, without the ruleset).
fn title(model: &Model, p: &Palette) -> Line<'static> {
    let Some(fight) = &model.fight else {
        return Line::from(Span::styled(format!("fight {}", model.name), bold(model)));
    };
    let mut words = match model.view {
        View::Table | View::Odds => format!("track · {} · fight {} · round {}", fight.rules, fight.fight, fight.round),
        View::Players => format!("fight {} · round {}", fight.fight, fight.round),
    };
    if let Some(round) = fight.ended {
        words.push_str(&format!(" · ended in round {round}"));
    }
    let mut line = Line::from(Span::styled(words, bold(model)));
    let shown = fight.current().filter(|s| model.view == View::Table || !text::hidden_seat(fight, s));
    if let Some(seat) = shown.filter(|_| fight.ended.is_none()) {
        line.push_span(Span::raw(" · "));
        line.spans.extend(spans(&format!("{} turn", p.name(possessive(&seat.name)))));
    }
    fit(line, p.width)
}

/// Bold where the terminal shows colour; plain otherwise, as the text output is.
fn bold(model: &Model) -> Style {
    if model.color { Style::new().add_modifier(Modifier::BOLD) } else { Style::new() }
}

/// The order, scrolled so the selected row shows, the selected row marked.
fn draw_order(model: &Model, p: &Palette, frame: &mut Frame, area: Rect) {
    if area.height == 0 {
        return;
    }
    let Some(fight) = &model.fight else {
        let gone = format!("No fight named '{}' is kept now.", model.name);
        frame.render_widget(Paragraph::new(gone), area);
        return;
    };
    let rows = model.rows();
    let width = usize::from(area.width);
    let lines = order_lines(fight, model, p, &rows);
    let selected = model.selected.min(rows.len().saturating_sub(1));
    // The selected row's lines, and the first line shown: as few scrolled as shows them all.
    let first = lines[..selected.min(lines.len())].iter().map(Vec::len).sum::<usize>();
    let last = first + lines.get(selected).map_or(1, Vec::len);
    let height = usize::from(area.height);
    let top = last.saturating_sub(height).min(first);
    let marked = |k: usize| model.moves && (first..last).contains(&k);
    for (k, line) in lines.into_iter().flatten().enumerate().skip(top).take(height) {
        let mut line = fit(line, width);
        if marked(k) {
            let pad = width.saturating_sub(line.width());
            line.push_span(Span::raw(" ".repeat(pad)));
            line = line.patch_style(Style::new().add_modifier(Modifier::REVERSED));
        }
        let row = Rect { y: area.y + (k - top) as u16, height: 1, ..area };
        frame.render_widget(Paragraph::new(line), row);
    }
}

/// Each row of the order as `show` words it, its lines: `> Ansel      10  ██░░░░░░░░  2/12`
/// and what is said of it (`dying · Bless (2 rounds)`) after its hit points.
fn order_lines(fight: &Fight, model: &Model, p: &Palette, rows: &[Row]) -> Vec<Vec<Line<'static>>> {
    let (rules, view) = (model.rules.fight, model.view);
    let labels: Vec<String> = rows
        .iter()
        .map(|r| if r.member { r.name.clone() } else { text::label(fight, &fight.order[r.seat], view) })
        .collect();
    // Members' names start two columns further in: their names share the column.
    let names = rows.iter().zip(&labels).map(|(r, l)| width_of(l) + if r.member { 2 } else { 0 }).max().unwrap_or(0);
    let totals: Vec<String> = rows
        .iter()
        .map(|r| if r.member { String::new() } else { text::total_words(fight, &fight.order[r.seat], view) })
        .collect();
    let total_width = totals.iter().map(|t| width_of(t)).max().unwrap_or(0);
    let hp_width =
        fight.combatants.iter().filter_map(|c| Some(width_of(&format!("{}/{}", c.hp?, c.hp_max?)))).max().unwrap_or(0);
    let mut leads: Vec<(String, String)> = Vec::new();
    for ((row, label), total) in rows.iter().zip(&labels).zip(&totals) {
        let seat = &fight.order[row.seat];
        let current = row.seat == fight.turn && !row.member && fight.ended.is_none();
        let mut lead = String::from(if current { "> " } else { "  " });
        if row.member {
            lead.push_str("  ");
        }
        crate::render::pad(&mut lead, p.name(label), names - if row.member { 2 } else { 0 });
        lead.push_str("  ");
        lead.push_str(&" ".repeat(total_width - width_of(total)));
        lead.push_str(&p.total(total).to_string());
        // A row that is one combatant: the seat of one, or a member.
        let one = if row.member || seat.members.is_empty() { fight.combatant(&row.name) } else { None };
        let mut notes: Vec<String> = Vec::new();
        if let Some(c) = one {
            lead.push_str(&text::vitals(p, rules, c, hp_width, view));
            notes.extend(text::combatant_notes(p, fight, rules, c, view));
        }
        if !row.member {
            notes.extend(text::seat_notes(p, seat, fight, rules, view));
            if let (View::Table, Some(rolled)) = (view, &seat.rolled) {
                notes.push(p.dim(rolled).to_string());
            }
        }
        leads.push((lead, notes.join(" · ")));
    }
    // What is said of each row starts in one column, wrapped under it, or on lines of its own
    // under the row where that column leaves too little room (as `show` does).
    let widest = leads.iter().map(|(lead, _)| width_of(lead)).max().unwrap_or(0);
    let beside = widest + 2 + NOTES_AT_LEAST <= p.width;
    leads
        .into_iter()
        .map(|(mut lead, notes)| {
            let mut text = String::new();
            if notes.is_empty() {
                p.line(&mut text, "", lead.trim_end());
            } else if beside {
                lead.push_str(&" ".repeat(widest - width_of(&lead) + 2));
                p.line(&mut text, &lead, &notes);
            } else {
                p.line(&mut text, "", lead.trim_end());
                p.line(&mut text, "      ", &notes);
            }
            text.lines().map(|l| Line::from(spans(l))).collect()
        })
        .collect()
}

/// What the fight's last commands said (the file keeps them for undo, whoever ran them), the
/// latest last, under a rule.
fn draw_events(model: &Model, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width);
    let rule = format!("── what happened {}", "─".repeat(width.saturating_sub(17)));
    let dim = if model.color { Style::new().add_modifier(Modifier::DIM) } else { Style::new() };
    frame.render_widget(Paragraph::new(Span::styled(rule, dim)), Rect { height: 1, ..area });
    let Some(fight) = &model.fight else { return };
    let room = usize::from(area.height.saturating_sub(1));
    let plain = Palette::new(false).with_width(width.max(20));
    let mut lines: Vec<String> = Vec::new();
    // From the latest back, only as many as fit.
    for said in fight.undo.iter().rev().flat_map(|step| step.said.iter().rev()) {
        let mut wrapped = String::new();
        plain.line(&mut wrapped, "", said);
        let mut these: Vec<String> = wrapped.lines().map(str::to_string).collect();
        these.extend(lines);
        lines = these;
        if lines.len() >= room {
            break;
        }
    }
    let skip = lines.len().saturating_sub(room);
    for (k, line) in lines.into_iter().skip(skip).enumerate() {
        let row = Rect { y: area.y + 1 + k as u16, height: 1, ..area };
        frame.render_widget(Paragraph::new(fit(Line::from(line), width)), row);
    }
}

/// The line above the keys: the question being asked with its answer so far (the cursor in
/// it), else what the last move said.
fn draw_said(model: &Model, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width);
    if let Mode::Ask(ask) = &model.mode {
        let question = question(ask);
        let before = &ask.input[..ask.cursor];
        // The answer scrolls left when it runs past the line.
        let room = width.saturating_sub(width_of(&question) + 1).max(1);
        let mut shown_from = 0;
        while width_of(&before[shown_from..]) >= room {
            shown_from += before[shown_from..].chars().next().map_or(1, char::len_utf8);
        }
        let line = Line::from(vec![
            Span::styled(question.clone(), bold(model)),
            Span::raw(ask.input[shown_from..].to_string()),
        ]);
        frame.render_widget(Paragraph::new(fit(line, width)), area);
        let x = (width_of(&question) + width_of(&before[shown_from..])).min(width.saturating_sub(1));
        frame.set_cursor_position(Position { x: area.x + x as u16, y: area.y });
        return;
    }
    let said = &model.said;
    let style = match (said.tone, model.color) {
        (Tone::Refused, true) => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        (Tone::Done, true) => Style::new().fg(Color::Green),
        _ => Style::new(),
    };
    frame.render_widget(Paragraph::new(fit(Line::from(Span::styled(said.text.clone(), style)), width)), area);
}

/// The question a prompt asks, ending where the answer starts.
fn question(ask: &Ask) -> String {
    match &ask.about {
        About::Damage(name) => format!("damage {name} (amount or dice, flags): "),
        About::Heal(name) => format!("heal {name} (amount or dice): "),
        About::Effect(name) => match ask.answers.len() {
            0 => format!("effect on {name}, its name: "),
            1 => format!("{} on {name}, rounds (Enter: until ended): ", ask.answers[0]),
            _ => format!("{} runs out at the start or end of a turn (s/e, Enter: start): ", ask.answers[0]),
        },
        About::EndEffect(name) => format!("end which effect on {name}: "),
        About::Note(name) => format!("note on {name}: "),
        About::Add => "add (as start takes them: Wolf:initiative=14): ".to_string(),
        About::Remove(name) => format!("remove {name} from the fight? (y/n) "),
        About::Delay(name) => format!("{name} delays, acting after (Enter: the last): "),
        About::Ready(name) => format!("{name} readies an action, firing before: "),
        About::Hold(name) => format!("{name} holds (Enter: first next round; before NAME, after NAME): "),
        About::Line => ":".to_string(),
    }
}

/// The keys at the bottom, as many as fit, `? help` and `q quit` always; while a question is
/// asked, what TAB offered, or the keys of the question.
fn keys_line(model: &Model, width: usize) -> Line<'static> {
    let key_style = if model.color { Style::new().add_modifier(Modifier::BOLD) } else { Style::new() };
    if let Mode::Ask(ask) = &model.mode
        && !ask.offered.is_empty()
    {
        return fit(Line::from(ask.offered.join("  ")), width);
    }
    let keys: Vec<(&str, &str)> = match &model.mode {
        Mode::Ask(Ask { about: About::Remove(_), .. }) => vec![("y", "remove"), ("any other key", "keep")],
        Mode::Ask(_) => vec![("Enter", "run"), ("Esc", "cancel"), ("Tab", "complete")],
        Mode::Help(_) => vec![("↑↓", "scroll"), ("any other key", "back"), ("q", "quit")],
        Mode::Order if !model.moves => vec![("↑↓", "scroll"), ("?", "help"), ("q", "quit")],
        Mode::Order => {
            let mut keys = vec![("n", "next"), ("u", "undo"), ("d", "damage"), ("h", "heal"), ("e", "effect")];
            keys.extend([(":", "command"), ("t", "note"), ("v", "hide"), ("a", "add"), ("r", "remove")]);
            if model.delays() {
                keys.extend([("w", "delay"), ("p", "ready"), ("o", "hold")]);
            }
            keys.extend([("x", "end effect"), ("?", "help"), ("q", "quit")]);
            keys
        }
    };
    // The last two are kept whatever the width: room is made by leaving out those before.
    let word = |(k, what): &(&str, &str)| width_of(k) + 1 + width_of(what) + 2;
    let (mut shown, kept) = keys.split_at(keys.len().saturating_sub(2));
    let room = width.saturating_sub(kept.iter().map(word).sum());
    while shown.iter().map(word).sum::<usize>() > room {
        shown = &shown[..shown.len() - 1];
    }
    let mut line = Line::default();
    for (k, what) in shown.iter().chain(kept) {
        line.push_span(Span::styled(k.to_string(), key_style));
        line.push_span(Span::raw(format!(" {what}  ")));
    }
    fit(line, width)
}

/// The keys, over the order, until a key other than those that scroll them is pressed.
fn draw_help(model: &Model, frame: &mut Frame, area: Rect, top: usize) {
    let width = area.width.min(HELP_WIDTH + 2);
    let lines = help_lines(model, usize::from(width.saturating_sub(2)));
    let height = (lines.len() as u16 + 2).min(area.height);
    let room = usize::from(height.saturating_sub(2));
    let top = top.min(lines.len().saturating_sub(room));
    let popup = Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height };
    let mut block = Block::new().borders(Borders::ALL);
    if top + room < lines.len() {
        block = block.title_bottom(" ↓ more ");
    } else if top > 0 {
        block = block.title_bottom(" ↑ more ");
    }
    let shown: Vec<Line> = lines.into_iter().skip(top).take(room).map(Line::from).collect();
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(shown).block(block), popup);
}

/// The widest the list of keys is drawn.
const HELP_WIDTH: u16 = 78;
/// Where the words of a key start.
const KEY_COLUMN: usize = 14;

/// The keys as `fray track play --help` lists them, wrapped anew to `width` columns (each
/// key's words under each other); for a screen without moves, its own few keys.
fn help_lines(model: &Model, width: usize) -> Vec<String> {
    let text = if model.moves {
        crate::cli::PLAY_KEYS
    } else {
        "Keys:\n  Up Down     scroll (also j k, Home End, PageUp PageDown)\n  ?           these keys\n  \
         q  Ctrl-C   quit\nThe screen follows the fight as it changes.\n"
    };
    // Each key with its words, and the lines that are not a key's.
    let mut items: Vec<(Option<String>, String)> = Vec::new();
    for line in text.lines().take_while(|l| !l.is_empty()) {
        let continued = line.starts_with(&" ".repeat(KEY_COLUMN))
            || (!line.starts_with(' ')
                && items.last().is_some_and(|(key, words)| key.is_none() && !words.ends_with(':')));
        match items.last_mut() {
            Some((_, words)) if continued => {
                words.push(' ');
                words.push_str(line.trim());
            }
            _ if line.starts_with("  ") && line.len() > KEY_COLUMN => {
                let (key, words) = line.split_at(KEY_COLUMN);
                items.push((Some(key.trim_end().to_string()), words.trim().to_string()));
            }
            _ => items.push((None, line.to_string())),
        }
    }
    let mut lines = Vec::new();
    for (key, words) in items {
        match key {
            Some(key) => {
                let wrapped = wrap_words(&words, width.saturating_sub(KEY_COLUMN).max(8));
                for (i, part) in wrapped.into_iter().enumerate() {
                    let lead = if i == 0 { format!("{key:KEY_COLUMN$}") } else { " ".repeat(KEY_COLUMN) };
                    lines.push(format!("{lead}{part}"));
                }
            }
            None => lines.extend(wrap_words(&words, width.max(8))),
        }
    }
    lines
}

/// `text` broken between words into lines of at most `width` columns (a longer word alone).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && width_of(&line) + 1 + width_of(word) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `line` cut to `width` columns, an ellipsis marking the cut.
fn fit(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let room = width.saturating_sub(1);
    let mut used = 0;
    let mut out = Line::default().style(line.style);
    for span in line.spans {
        let mut kept = String::new();
        for c in span.content.chars() {
            let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if used + w > room {
                break;
            }
            used += w;
            kept.push(c);
        }
        let full = kept.len() == span.content.len();
        out.spans.push(Span::styled(kept, span.style));
        if !full {
            break;
        }
    }
    out.spans.push(Span::raw("…"));
    out
}

/// Text styled with the escape sequences of the palette, as spans styled the same.
pub fn spans(text: &str) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut style = Style::new();
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        if at > 0 {
            out.push(Span::styled(rest[..at].to_string(), style));
        }
        let after = &rest[at + 1..];
        // A Select Graphic Rendition: ESC [ numbers separated by ';' m.
        let end = after.strip_prefix('[').and_then(|s| s.find('m').map(|m| m + 1));
        let Some(end) = end else {
            rest = after;
            continue;
        };
        for code in after[1..end].split(';') {
            style = sgr(style, code.parse().unwrap_or(0));
        }
        rest = &after[end + 1..];
    }
    if !rest.is_empty() {
        out.push(Span::styled(rest.to_string(), style));
    }
    out
}

/// `style` after one SGR code.
fn sgr(style: Style, code: u8) -> Style {
    const COLORS: [Color; 8] =
        [Color::Black, Color::Red, Color::Green, Color::Yellow, Color::Blue, Color::Magenta, Color::Cyan, Color::Gray];
    match code {
        0 => Style::new(),
        1 => style.add_modifier(Modifier::BOLD),
        2 => style.add_modifier(Modifier::DIM),
        3 => style.add_modifier(Modifier::ITALIC),
        4 => style.add_modifier(Modifier::UNDERLINED),
        7 => style.add_modifier(Modifier::REVERSED),
        22 => style.remove_modifier(Modifier::BOLD | Modifier::DIM),
        23 => style.remove_modifier(Modifier::ITALIC),
        24 => style.remove_modifier(Modifier::UNDERLINED),
        30..=37 => style.fg(COLORS[usize::from(code - 30)]),
        39 => style.fg(Color::Reset),
        90..=97 => style.fg(COLORS[usize::from(code - 90)]),
        _ => style,
    }
}
