//! Where everyone stands between two steps of a chase.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Still running (a quarry fleeing, a pursuer giving chase).
    Running,
    /// Out of the chase from exhaustion, since a round; a quarry stays where it stopped and
    /// can still be caught there.
    DroppedOut(u32),
    Caught(u32),
    Escaped(u32),
}

/// What slows a participant on its next turn, left by complications.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Hindrance {
    /// Feet of difficult terrain.
    #[serde(skip_serializing_if = "is_zero")]
    pub terrain: u32,
    #[serde(skip_serializing_if = "Not::not")]
    pub prone: bool,
    #[serde(skip_serializing_if = "Not::not")]
    pub restrained: bool,
    #[serde(skip_serializing_if = "Not::not")]
    pub blinded: bool,
    /// A guard strikes if it moves 20 feet or more.
    #[serde(skip_serializing_if = "Not::not")]
    pub guard: bool,
}

impl Hindrance {
    pub(super) fn any(&self) -> bool {
        *self != Hindrance::default()
    }
}

/// One participant's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Run {
    /// Feet from where the pursuers started.
    pub(super) position: i64,
    /// Free Dashes left.
    pub(super) free: u32,
    pub(super) exhaustion: u8,
    pub(super) status: Status,
    pub(super) hindrance: Hindrance,
}

/// The whole chase between two steps: what the next step needs, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct State {
    /// Participants in acting order.
    pub(super) order: Rc<[usize]>,
    pub(super) runs: Vec<Run>,
    /// How and in which round the chase ended.
    pub(super) end: Option<(ChaseEnd, u32)>,
}

/// How a chase ends: every quarry caught or escaped (`caught` when any was caught), every
/// pursuer dropped out (`gave_up`, or `caught` when a quarry was caught before), or neither
/// by the last round (`running`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseEnd {
    Caught,
    Escaped,
    GaveUp,
    Running,
}

impl ChaseEnd {
    pub fn word(self) -> &'static str {
        match self {
            ChaseEnd::Caught => "caught",
            ChaseEnd::Escaped => "escaped",
            ChaseEnd::GaveUp => "gave_up",
            ChaseEnd::Running => "running",
        }
    }
}

impl State {
    /// The state as the odds need it: a finished chase is only its end, and what no later step
    /// reads is forgotten (who was caught when, where the spent pursuers stopped, positions but
    /// for the distances between them), so that equal chases merge.
    pub(super) fn canonical(mut self) -> State {
        if let Some(end) = self.end {
            return State { order: Rc::from(Vec::new()), runs: Vec::new(), end: Some(end) };
        }
        for run in &mut self.runs {
            let keep_position = match run.status {
                Status::Running => true,
                Status::DroppedOut(_) => true,
                Status::Caught(_) | Status::Escaped(_) => false,
            };
            run.status = match run.status {
                Status::Running => Status::Running,
                Status::DroppedOut(_) => Status::DroppedOut(0),
                Status::Caught(_) => Status::Caught(0),
                Status::Escaped(_) => Status::Escaped(0),
            };
            if run.status != Status::Running {
                run.free = 0;
                run.exhaustion = 0;
                run.hindrance = Hindrance::default();
            }
            if !keep_position {
                run.position = i64::MIN;
            }
        }
        let base = self.runs.iter().map(|r| r.position).filter(|&p| p != i64::MIN).min().unwrap_or(0);
        for run in &mut self.runs {
            if run.position != i64::MIN {
                run.position -= base;
            }
        }
        self
    }
}
