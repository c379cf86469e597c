//! The chase rolled: the start, each turn, the end of each round, and the whole chase as a rule.

use super::*;

/// How a participant can move on its turn.
pub(super) struct Plan {
    pub(super) speed: u32,
    pub(super) dash: bool,
    pub(super) moves: u32,
    pub(super) hindrance: Hindrance,
}

impl<L: TurnOrder> Chase<L> {
    /// The gap rolled or given, the initiative, and everyone in place: pursuers at 0, quarries
    /// at the gap. A gap of 0 is a quarry already caught (round 0).
    pub(super) fn begin<'a>(&'a self, dice: &mut dyn Dice) -> (Option<DistanceOutcome>, u32, L::Rolled<'a>, State) {
        let start = match &self.start {
            Start::Rolled(distance) => Some(Rule::roll(distance, dice)),
            Start::Gap(_) => None,
        };
        let gap = match (&self.start, &start) {
            (_, Some(d)) => d.feet,
            (Start::Gap(g), None) => *g,
            (Start::Rolled(_), None) => 0,
        };
        let (initiative, lines) = self.lineup.roll_order(dice);
        let order: Rc<[usize]> = lines.iter().flat_map(|&l| self.lines[l].iter().copied()).collect();
        let runs = self
            .participants
            .iter()
            .map(|p| Run {
                position: if p.quarry { i64::from(gap) } else { 0 },
                free: self.edition.free_dashes(p.con),
                exhaustion: 0,
                status: Status::Running,
                hindrance: Hindrance::default(),
            })
            .collect();
        let mut state = State { order, runs, end: None };
        if gap == 0 {
            for (run, p) in state.runs.iter_mut().zip(&self.participants) {
                if p.quarry {
                    run.status = Status::Caught(0);
                }
            }
            self.settle(&mut state, 0);
        }
        (start, gap, initiative, state)
    }

    /// Whether the participant in `slot` still acts.
    pub(super) fn acts(&self, s: &State, slot: usize) -> bool {
        s.end.is_none() && s.runs[s.order[slot]].status == Status::Running
    }

    /// The quarry not yet caught nor escaped that is furthest back: every pursuer's target,
    /// since no pursuer gets past a quarry without catching it.
    fn rearmost(&self, s: &State) -> Option<i64> {
        self.participants
            .iter()
            .zip(&s.runs)
            .filter(|(p, r)| p.quarry && matches!(r.status, Status::Running | Status::DroppedOut(_)))
            .map(|(_, r)| r.position)
            .min()
    }

    /// How far `who` can go on its turn: it Dashes (twice its Speed) unless restrained; the
    /// hindrances left by complications come off.
    pub(super) fn plan(&self, s: &State, who: usize) -> Plan {
        let run = &s.runs[who];
        let h = run.hindrance;
        let mut speed = self.edition.speed(self.participants[who].speed, run.exhaustion);
        // DMG 2014 p.254 / DMG 2024: blinded by blowing sand, its Speed is halved.
        if h.blinded {
            speed /= 2;
        }
        // PHB: a net's restraint costs the turn (escaping it takes the action): no move, no Dash.
        if h.restrained {
            return Plan { speed, dash: false, moves: 0, hindrance: h };
        }
        // PHB: the Dash action gives extra movement equal to the Speed.
        let mut moves = 2 * speed;
        // PHB: standing up from prone costs half the Speed.
        if h.prone {
            moves = moves.saturating_sub(speed / 2);
        }
        // PHB: every foot of difficult terrain costs one extra foot.
        if h.terrain > 0 {
            moves = if moves >= 2 * h.terrain { moves - h.terrain } else { moves / 2 };
        }
        Plan { speed, dash: true, moves, hindrance: h }
    }

    /// A d20 test of `who` against `dc`, with its exhaustion's effect.
    pub(super) fn test(
        &self,
        s: &State,
        who: usize,
        kind: Kind,
        ability: Ability,
        dc: i32,
        dice: &mut dyn Dice,
    ) -> Test {
        let (disadvantage, penalty) = self.edition.exhaustion(kind, s.runs[who].exhaustion);
        let mode = if disadvantage { RollMode::Disadvantage } else { RollMode::Normal };
        let d20 = roll_d20(dice, mode, self.participants[who].modifier(ability), penalty);
        // PHB: a check or save succeeds when its total meets the DC.
        Test { kind, ability, d20, dc, success: d20.total >= dc }
    }

    /// Ends the chase when no quarry is left to catch, or no pursuer to catch it.
    pub(super) fn settle(&self, s: &mut State, round: u32) {
        if s.end.is_some() {
            return;
        }
        let quarries = || self.participants.iter().zip(&s.runs).filter(|(p, _)| p.quarry);
        let caught = quarries().any(|(_, r)| matches!(r.status, Status::Caught(_)));
        let left = quarries().any(|(_, r)| matches!(r.status, Status::Running | Status::DroppedOut(_)));
        let chasing = self.participants.iter().zip(&s.runs).any(|(p, r)| !p.quarry && r.status == Status::Running);
        if !left {
            s.end = Some((if caught { ChaseEnd::Caught } else { ChaseEnd::Escaped }, round));
        } else if !chasing {
            s.end = Some((if caught { ChaseEnd::Caught } else { ChaseEnd::GaveUp }, round));
        }
    }

    /// The turn of the participant in `slot`: it moves (a pursuer stops at the first quarry it
    /// reaches and catches it), rolls to Dash beyond its free Dashes, and rolls for a
    /// complication, which befalls the next participant in the order.
    pub(super) fn turn<'a>(&'a self, s: &mut State, slot: usize, round: u32, dice: &mut dyn Dice) -> Turn<'a> {
        let who = s.order[slot];
        let p = &self.participants[who];
        let plan = self.plan(s, who);
        s.runs[who].hindrance = Hindrance::default();
        let mut moved = plan.moves;
        let mut caught = Vec::new();
        let from = s.runs[who].position;
        match self.rearmost(s).filter(|_| !p.quarry) {
            Some(rear) if from + i64::from(moved) >= rear => {
                moved = (rear - from).max(0) as u32;
                s.runs[who].position = rear;
                for (q, (other, run)) in self.participants.iter().zip(s.runs.iter_mut()).enumerate() {
                    let here = other.quarry && run.position == rear;
                    if here && matches!(run.status, Status::Running | Status::DroppedOut(_)) {
                        run.status = Status::Caught(round);
                        caught.push(self.participants[q].name.as_str());
                    }
                }
            }
            _ => s.runs[who].position += i64::from(moved),
        }
        // DMG 2014 p.254: the guard's spear, if it moved 20 feet or more.
        let attacked = (plan.hindrance.guard && moved >= 20).then(|| roll_attack(dice, &GUARD_SPEAR));
        let mut turn = Turn {
            name: &p.name,
            speed: plan.speed,
            hindered: plan.hindrance.any().then_some(plan.hindrance),
            moved,
            dashed: plan.dash,
            free_dash: None,
            dash_check: None,
            exhaustion: s.runs[who].exhaustion,
            position: s.runs[who].position,
            caught,
            attacked,
            dropped_out: false,
            complication: None,
        };
        self.settle(s, round);
        if s.end.is_some() {
            return turn;
        }
        if plan.dash {
            let total = self.edition.free_dashes(p.con);
            let run = &mut s.runs[who];
            if run.free > 0 {
                // DMG 2014 p.252: 3 + Con free Dashes (2024: at least one).
                run.free -= 1;
                turn.free_dash = Some(total - run.free);
            } else {
                // DMG 2014 p.252: each further Dash, a DC 10 Constitution check at the end of the
                // turn (2024: a saving throw), or one level of exhaustion.
                let test = self.test(s, who, self.edition.dash_roll(), Ability::Con, DASH_DC, dice);
                if !test.success {
                    s.runs[who].exhaustion += 1;
                }
                turn.dash_check = Some(test);
            }
        }
        let run = &mut s.runs[who];
        turn.exhaustion = run.exhaustion;
        if self.edition.drops_out(p.speed, run.exhaustion) {
            run.status = Status::DroppedOut(round);
            turn.dropped_out = true;
        }
        self.settle(s, round);
        if s.end.is_none() {
            turn.complication = self.table.map(|table| self.complication(s, slot, table, dice));
        }
        turn
    }

    /// DMG 2014 p.253 / DMG 2024: at the end of the round each quarry out of the lead pursuer's
    /// sight rolls Stealth against the pursuers' highest passive Perception, and slips away only
    /// on a higher total. Within sight (or with no `--sight`) it cannot.
    pub(super) fn round_end<'a>(&'a self, s: &mut State, round: u32, dice: &mut dyn Dice) -> Vec<Escape<'a>> {
        let chasing =
            || self.participants.iter().zip(&s.runs).filter(|(p, r)| !p.quarry && r.status == Status::Running);
        let Some(lead) = chasing().map(|(_, r)| r.position).max() else { return Vec::new() };
        let against = chasing().map(|(p, _)| p.per).max().unwrap_or(0);
        // DMG 2014 p.253: the lead pursuer a ranger or proficient in Survival (of several level
        // at the front, any one).
        let tracked = self.edition.trackers_count() && chasing().any(|(p, r)| r.position == lead && p.tracker);
        let mut escapes = Vec::new();
        let Some(sight) = self.sight else { return escapes };
        for k in 0..s.order.len() {
            let who = s.order[k];
            let (p, run) = (&self.participants[who], s.runs[who]);
            if !p.quarry || run.status != Status::Running {
                continue;
            }
            let distance = run.position - lead;
            if distance <= i64::from(sight) {
                continue;
            }
            let (tired, penalty) = self.edition.exhaustion(Kind::Check, run.exhaustion);
            let advantage = self.cover == Some(Cover::Many);
            let disadvantage = self.cover == Some(Cover::Few) || tracked || tired;
            let d20 = roll_d20(dice, RollMode::from_keys(advantage, disadvantage), p.stealth, penalty);
            let escaped = d20.total > against;
            if escaped {
                s.runs[who].status = Status::Escaped(round);
            }
            escapes.push(Escape { name: &p.name, distance, d20, against, escaped });
        }
        self.settle(s, round);
        escapes
    }

    /// One round: every turn in order, then the quarry's rolls to slip away.
    pub(super) fn play_round<'a>(&'a self, s: &mut State, round: u32, dice: &mut dyn Dice) -> RoundRecord<'a> {
        let mut turns = Vec::new();
        for slot in 0..s.order.len() {
            if self.acts(s, slot) {
                turns.push(self.turn(s, slot, round, dice));
            }
        }
        let escape = if s.end.is_none() { self.round_end(s, round, dice) } else { Vec::new() };
        let mut gaps = Vec::new();
        let lead = self
            .participants
            .iter()
            .zip(&s.runs)
            .filter(|(p, r)| !p.quarry && r.status == Status::Running)
            .map(|(_, r)| r.position)
            .max();
        if let (Some(lead), None) = (lead, s.end) {
            for &who in s.order.iter() {
                let (p, run) = (&self.participants[who], &s.runs[who]);
                if p.quarry && run.status == Status::Running {
                    gaps.push(Gap { name: &p.name, gap: run.position - lead });
                }
            }
        }
        RoundRecord { round, turns, escape, gaps }
    }

    pub(super) fn fates<'a>(&'a self, s: &State) -> Vec<Fate<'a>> {
        let mut fates = Vec::new();
        for &who in s.order.iter() {
            let p = &self.participants[who];
            if !p.quarry {
                continue;
            }
            let (fate, round) = match s.runs[who].status {
                Status::Running => (FateWord::Running, None),
                Status::DroppedOut(r) => (FateWord::DroppedOut, Some(r)),
                Status::Caught(r) => (FateWord::Caught, Some(r)),
                Status::Escaped(r) => (FateWord::Escaped, Some(r)),
            };
            fates.push(Fate { name: &p.name, fate, round });
        }
        fates
    }
}

impl<L: TurnOrder> Rule for Chase<L> {
    type Outcome<'a>
        = ChaseOutcome<'a, L::Rolled<'a>>
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> ChaseOutcome<'a, L::Rolled<'a>> {
        let (start, start_gap, initiative, mut s) = self.begin(dice);
        let mut rounds = Vec::new();
        for round in 1..=self.rounds {
            if s.end.is_some() {
                break;
            }
            rounds.push(self.play_round(&mut s, round, dice));
        }
        let (outcome, round) = s.end.unwrap_or((ChaseEnd::Running, self.rounds));
        let participants = self
            .participants
            .iter()
            .map(|p| Entrant {
                name: &p.name,
                side: &self.sides[p.side],
                role: if p.quarry { Role::Quarry } else { Role::Pursuer },
                speed: p.speed,
                free_dashes: self.edition.free_dashes(p.con),
            })
            .collect();
        ChaseOutcome {
            participants,
            initiative,
            start_gap,
            start,
            sight: self.sight,
            cover: self.cover,
            complications: self.table.map(|t| t.setting),
            quarry: self.fates(&s),
            rounds,
            outcome,
            round,
            edition: Some(self.edition),
            table: self.table,
        }
    }

    /// How the chase ends, by round: exact when the walk is small (a few runners, no or few
    /// complications), else estimated from seeded runs of the same chase.
    fn odds(&self, fallback: Fallback) -> Odds {
        let (dist, method) = match self.exact_ends() {
            Some(dist) => (dist, Method::exact(fallback)),
            None => {
                let trials = self.trials(fallback);
                (
                    simulate(|d| self.end_of(d), trials, fallback.seed),
                    Method { trials: Some(trials), seed: fallback.seed },
                )
            }
        };
        let mut odds = Odds::default();
        odds.push(None, "how the chase ends", &dist, method, |&(end, round)| {
            (EndOutcome { outcome: end, round }, end_label(end, round))
        });
        odds
    }
}
