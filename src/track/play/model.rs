//! What the screen knows: the fight as its file last read, the rows of its order one can select,
//! the question being answered, and what the last move said.

use crate::rulesets::Ruleset;
use crate::track::state::Fight;
use crate::track::text::View;

/// The whole state of the screen between two keys.
pub struct Model {
    /// The fight's name, as `--fight` gives it.
    pub name: String,
    pub rules: &'static Ruleset,
    /// The fight as last read (`None`: its file is gone, `end --yes` forgot it).
    pub fight: Option<Fight>,
    /// For the game master, or for the players.
    pub view: View,
    /// Keys change the fight (`play`); without them the screen only follows it.
    pub moves: bool,
    pub color: bool,
    /// The selected row of [`rows`].
    pub selected: usize,
    pub mode: Mode,
    /// What the last move (or the last reading of the file) said.
    pub said: Said,
    /// The `:` lines run, the latest last.
    pub history: Vec<String>,
}

/// What the keys do now.
#[derive(Debug, PartialEq)]
pub enum Mode {
    /// Moves and selection.
    Order,
    /// The keys, listed over the order, scrolled this many lines down.
    Help(usize),
    /// A question at the bottom line.
    Ask(Ask),
}

/// A question being answered: what it is for, the answer so far, where the cursor is (a byte
/// offset into `input`), earlier answers of a question in several steps, what TAB offered.
#[derive(Debug, PartialEq)]
pub struct Ask {
    pub about: About,
    pub input: String,
    pub cursor: usize,
    pub answers: Vec<String>,
    pub offered: Vec<String>,
    /// Which of `offered` TAB put in last, while TAB goes through them.
    pub cycled: Option<usize>,
    /// The line of `history` shown, while Up and Down go through them.
    pub recalled: Option<usize>,
}

impl Ask {
    pub fn new(about: About) -> Ask {
        Ask {
            about,
            input: String::new(),
            cursor: 0,
            answers: Vec::new(),
            offered: Vec::new(),
            cycled: None,
            recalled: None,
        }
    }
}

/// What a question is for; most name the combatant it is about.
#[derive(Clone, Debug, PartialEq)]
pub enum About {
    Damage(String),
    Heal(String),
    /// Its name, its rounds, then start or end: `Ask::answers` holds the steps done.
    Effect(String),
    EndEffect(String),
    Note(String),
    Add,
    Remove(String),
    Delay(String),
    Ready(String),
    Hold(String),
    /// The `:` line: any track action.
    Line,
}

/// A line at the bottom: what happened, or what went wrong.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Said {
    pub text: String,
    pub tone: Tone,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Tone {
    #[default]
    Plain,
    Done,
    Refused,
}

impl Said {
    pub fn new(text: impl Into<String>, tone: Tone) -> Said {
        Said { text: text.into(), tone }
    }
}

/// One line of the order one can select: a seat (a combatant, a group, a side that acts
/// together) or a member of one, with the name the command line knows it by.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    /// Its seat's place in the order.
    pub seat: usize,
    /// A member of a group or side, shown under its seat.
    pub member: bool,
}

/// The rows of `fight`'s order as `view` shows it: each seat, then the members of a group or a
/// side that acts together (so each can be selected), the hidden left out for the players.
pub fn rows(fight: &Fight, view: View) -> Vec<Row> {
    let shown = |name: &str| view == View::Table || !fight.combatant(name).is_some_and(|c| c.hidden);
    let mut rows = Vec::new();
    for (i, seat) in fight.order.iter().enumerate() {
        if view == View::Players && crate::track::text::hidden_seat(fight, seat) {
            continue;
        }
        rows.push(Row { name: seat.name.clone(), seat: i, member: false });
        let members = seat.members.iter().filter(|n| shown(n));
        rows.extend(members.map(|n| Row { name: n.clone(), seat: i, member: true }));
    }
    rows
}

impl Model {
    pub fn new(name: &str, rules: &'static Ruleset, fight: Fight, view: View, moves: bool, color: bool) -> Model {
        let mut model = Model {
            name: name.to_string(),
            rules,
            fight: Some(fight),
            view,
            moves,
            color,
            selected: 0,
            mode: Mode::Order,
            said: Said::new(if moves { "? lists the keys; : takes any track action" } else { "" }, Tone::Plain),
            history: Vec::new(),
        };
        model.select_current();
        model
    }

    /// The rows of the order as shown now.
    pub fn rows(&self) -> Vec<Row> {
        self.fight.as_ref().map(|f| rows(f, self.view)).unwrap_or_default()
    }

    /// The selected row, if there is one.
    pub fn target(&self) -> Option<Row> {
        self.rows().into_iter().nth(self.selected)
    }

    /// Selects the seat whose turn it is.
    pub fn select_current(&mut self) {
        let Some(fight) = &self.fight else { return };
        if let Some(at) = self.rows().iter().position(|r| r.seat == fight.turn && !r.member) {
            self.selected = at;
        }
    }

    /// Whether the ruleset has delayed, readied and held actions.
    pub fn delays(&self) -> bool {
        self.rules.fight.moves().is_some()
    }

    /// A fight read anew: the selection stays on the same name (else in its place), and
    /// follows the turn when the turn has moved.
    pub fn read(&mut self, fight: Option<Fight>) {
        let before = self.fight.as_ref().map(|f| (f.round, f.turn, f.ended));
        let name = self.target().map(|r| (r.name, r.member));
        // A fight started anew under the name may be another ruleset's.
        if let Some(rules) = fight.as_ref().and_then(|f| Ruleset::named(&f.rules)) {
            self.rules = rules;
        }
        self.fight = fight;
        let rows = self.rows();
        let after = self.fight.as_ref().map(|f| (f.round, f.turn, f.ended));
        if before != after {
            self.select_current();
            return;
        }
        match name.and_then(|(name, member)| rows.iter().position(|r| r.name == name && r.member == member)) {
            Some(at) => self.selected = at,
            None => self.selected = self.selected.min(rows.len().saturating_sub(1)),
        }
    }
}
