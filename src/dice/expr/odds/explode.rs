//! Exploding dice: plain or compounded explosions summed by the negative-binomial split, and
//! per-die chains (compounded or penetrating, where dice are kept or counted) to a depth.

use super::*;

/// The faces of one die of a chain as (triggers, contribution) weights: `first` is the die
/// rolled, otherwise an explosion's (one less when penetrating). `per_die` scores each die.
fn steps(term: &Term, first: bool, per_die: bool) -> (BTreeMap<i64, u64>, BTreeMap<i64, u64>, u64) {
    let (faces, den) = face_weights(term);
    let explode = term.explode.expect("steps are of an exploding term");
    let less = i64::from(!first && explode.kind == ExplodeKind::Penetrate);
    let (mut stop, mut go) = (BTreeMap::new(), BTreeMap::new());
    for (f, w) in faces {
        let v = clamp(term, f - less);
        let c = if per_die { score(term, v) } else { v };
        *(if explode.on.matches(f) { &mut go } else { &mut stop }).entry(c).or_insert(0) += w;
    }
    (stop, go, den)
}

fn counts_of<W: Weight>(map: &BTreeMap<i64, u64>, den: u64) -> Counts<W> {
    if map.is_empty() {
        return Counts { lo: 0, w: vec![W::zero()], den: W::from_u64(den), exact_to: None };
    }
    Counts::from_pairs(map.iter().map(|(&v, &w)| (v, W::from_u64(w))), W::from_u64(den))
}

fn mass(map: &BTreeMap<i64, u64>) -> u64 {
    map.values().sum()
}

/// The number of explosions in all (`J`) to sum to for `n` dice, each exploding with chance
/// `e`: the least with a chance of more below `target` (negative binomial, in logarithms).
fn depth_for(n: u32, e: f64, target: f64) -> u32 {
    if e <= 0.0 {
        return 0;
    }
    let n = f64::from(n);
    let (ln_a, ln_e) = (libm::log(1.0 - e), libm::log(e));
    let mut ln_c = 0.0; // ln C(n+j−1, j)
    let mut cum = 0.0;
    for j in 0..200_000u32 {
        let jf = f64::from(j);
        if j > 0 {
            ln_c += libm::log(n + jf - 1.0) - libm::log(jf);
        }
        cum += libm::exp(n * ln_a + ln_c + jf * ln_e);
        if 1.0 - cum <= target && jf > n * e / (1.0 - e) {
            return j;
        }
    }
    200_000
}

/// Plain or compounded explosions summed (or plain ones counted): see the module's notes.
pub(super) fn negative_binomial<W: Weight>(term: &Term, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let per_die = term.success.is_some();
    let (stop, go, den) = steps(term, true, per_die);
    let n = term.count;
    let min_go = *go.keys().next().ok_or(Fail::Unsupported)?;
    let min_stop = *stop.keys().next().ok_or(Fail::Unsupported)?;
    if min_go <= 0 {
        // The listed outcomes would not be complete at any depth.
        return Err(Fail::Unsupported);
    }
    let a = counts_of::<W>(&stop, den);
    let b = counts_of::<W>(&go, den);
    let e = mass(&go) as f64 / den as f64;
    let mut depth = depth_for(n, e, BEYOND / 10.0);
    // Horner's rule over `depth` steps, each as long as the totals of `depth` explosions.
    let words = libm::log2(den as f64) * f64::from(n + depth) / 64.0 + 1.0;
    let h_len = f64::from(depth) * (min_go.max(1) as f64 + b.w.len() as f64);
    if f64::from(depth) * h_len * b.w.len() as f64 * words > fuel.0 as f64 || h_len * words > MAX_WORDS as f64 {
        return Err(Fail::Costly);
    }
    room::<W>(den, f64::from(n + depth))?;
    let a_n = power(&a, n, fuel)?;
    for _ in 0..4 {
        room::<W>(den, f64::from(n + depth))?;
        let limit = (depth as i64 + 1) * min_go - 1; // the highest part of a total H needs
        let mut dpow = vec![W::from_u64(1)];
        for _ in 0..depth {
            let next = dpow.last().expect("one power").mul_small(den);
            dpow.push(next);
        }
        // C(n+j−1, j) for j = 0..=depth.
        let mut choose = vec![W::from_u64(1)];
        for j in 0..depth as u64 {
            let next = choose[j as usize].mul_small(u64::from(n) + j).div_small(j + 1);
            choose.push(next);
        }
        let mut h = Counts { lo: 0, w: vec![choose[depth as usize].clone()], den: W::from_u64(1), exact_to: None };
        for j in (0..depth as usize).rev() {
            let mut next = convolve(&b, &h, fuel)?;
            next.exact_to = Some(limit);
            next.trim();
            let scaled = choose[j].mul(&dpow[depth as usize - j]);
            if next.lo > 0 {
                let mut w = vec![W::zero(); next.lo as usize];
                w.append(&mut next.w);
                next.w = w;
                next.lo = 0;
            }
            next.w[0].add(&scaled);
            h = next;
        }
        h.den = dpow[depth as usize].clone();
        h.exact_to = Some(limit);
        let mut total = convolve(&a_n, &h, fuel)?;
        total.exact_to = Some(i64::from(n) * min_stop + limit);
        total.trim();
        if beyond_f64(&total) <= BEYOND {
            return Ok(total);
        }
        depth += depth / 2 + 8;
    }
    Err(Fail::Costly)
}

/// The chance the listed outcomes leave out.
fn beyond_f64<W: Weight>(c: &Counts<W>) -> f64 {
    let mut listed = <BigUint as Zero>::zero();
    for x in &c.w {
        listed += x.big();
    }
    let den = c.den.big();
    let rest = if den > listed { den - listed } else { <BigUint as Zero>::zero() };
    ratio_f64(&BigInt::from(rest), &BigInt::from(c.den.big()))
}

/// Each die a chain to a depth: compounded (kept, dropped or counted) or penetrating.
pub(super) fn chained<W: Weight>(term: &Term, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let ex = term.explode.expect("a chained term explodes");
    let per_die = ex.kind != ExplodeKind::Compound && term.success.is_some();
    let (a0, b0, den) = steps(term, true, per_die);
    let (a1, b1, _) = steps(term, false, per_die);
    let chain = Chain { a0, b0, a1, b1, den };
    let min_b0 = *chain.b0.keys().next().ok_or(Fail::Unsupported)?;
    let min_b1 = *chain.b1.keys().next().ok_or(Fail::Unsupported)?;
    let min_a1 = *chain.a1.keys().next().ok_or(Fail::Unsupported)?;
    if min_b1 <= 0 {
        return Err(Fail::Unsupported);
    }
    let (e0, e1) = (mass(&chain.b0) as f64 / den as f64, mass(&chain.b1) as f64 / den as f64);
    // Depth: n · e0 · e1^D below a tenth of what may lie beyond.
    let mut depth = if e1 > 0.0 {
        (libm::log((BEYOND / 10.0) / (f64::from(term.count) * e0.max(1e-300))) / libm::log(e1)).ceil().max(1.0) as u32
    } else {
        1
    };
    let targets: Vec<i64> = [term.success, term.failure].iter().flatten().map(|c| c.target).collect();
    for _ in 0..4 {
        // The least a chain of more than `depth` explosions is worth.
        let mut threshold = min_b0 + depth as i64 * min_b1 + min_a1;
        let score_above = term.success.is_some() && ex.kind == ExplodeKind::Compound;
        if score_above {
            let top = targets.iter().copied().max().unwrap_or(0);
            if threshold <= top {
                depth += ((top - threshold) / min_b1 + 1) as u32;
                threshold = min_b0 + depth as i64 * min_b1 + min_a1;
            }
        }
        room::<W>(den, f64::from(depth + 1) * f64::from(term.count) + 1.0)?;
        let unit = chain.unit::<W>(depth, threshold, min_b0, fuel)?;
        if score_above {
            return scored_chains(term, &unit, threshold, fuel);
        }
        let out = summed_chains(term, &unit, threshold, fuel)?;
        if beyond_f64(&out) <= BEYOND {
            return Ok(out);
        }
        depth += depth / 2 + 8;
    }
    Err(Fail::Costly)
}

/// One exploding die as steps out of `den`: the first roll's faces that stop (`a0`) and that
/// explode (`b0`), and the same of each roll an explosion adds (`a1`, `b1`).
struct Chain {
    a0: BTreeMap<i64, u64>,
    b0: BTreeMap<i64, u64>,
    a1: BTreeMap<i64, u64>,
    b1: BTreeMap<i64, u64>,
    den: u64,
}

impl Chain {
    /// One die followed to `depth` explosions, exact below `threshold` (`min_b0` the least first
    /// roll that explodes).
    fn unit<W: Weight>(&self, depth: u32, threshold: i64, min_b0: i64, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
        let den = self.den;
        let (ca1, cb1) = (counts_of::<W>(&self.a1, den), counts_of::<W>(&self.b1, den));
        let mut g = ca1.clone();
        let mut scale = W::from_u64(1);
        for _ in 1..depth {
            scale = scale.mul_small(den);
            let mut next = convolve(&cb1, &g, fuel)?;
            next.exact_to = Some(threshold - 1 - min_b0);
            next.trim();
            let mut added = Counts {
                lo: ca1.lo,
                w: ca1.w.iter().map(|x| x.mul(&scale)).collect(),
                den: next.den.clone(),
                exact_to: None,
            };
            added.exact_to = next.exact_to;
            g = add_aligned(&next, &added, fuel)?;
        }
        let mut unit = convolve(&counts_of::<W>(&self.b0, den), &g, fuel)?;
        let scale = unit.den.div_small(den);
        let first = Counts { lo: 0, w: Vec::new(), den: unit.den.clone(), exact_to: unit.exact_to };
        let a0c = counts_of::<W>(&self.a0, den);
        let mut first = first;
        first.lo = a0c.lo;
        first.w = a0c.w.iter().map(|x| x.mul(&scale)).collect();
        unit = add_aligned(&unit, &first, fuel)?;
        unit.exact_to = Some(threshold - 1);
        unit.trim();
        Ok(unit)
    }
}

/// Compounded dice counted as successes: each die's chain scored, the values past `threshold`
/// (all past every target) at one score, then summed or kept.
fn scored_chains<W: Weight>(term: &Term, unit: &Counts<W>, threshold: i64, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    let above = score(term, threshold);
    let mut rest = unit.den.clone();
    rest.sub(&listed_sum(unit));
    let mut ordered: Vec<(Option<i64>, W)> =
        unit.w.iter().enumerate().map(|(i, x)| (Some(score(term, unit.lo + i as i64)), x.clone())).collect();
    ordered.push((Some(above), rest));
    match term.keep {
        None => {
            let unit_scores =
                Counts::from_pairs(ordered.into_iter().map(|(s, w)| (s.unwrap_or(above), w)), unit.den.clone());
            power(&unit_scores, term.count, fuel)
        }
        Some(keep) => {
            if keep.highest {
                ordered.reverse();
            }
            keep_dp(&ordered, &unit.den, term.count, keep.count, fuel)
        }
    }
}

/// The dice's chains summed, or kept with the values past those listed held as one face.
fn summed_chains<W: Weight>(term: &Term, unit: &Counts<W>, threshold: i64, fuel: &mut Fuel) -> Result<Counts<W>, Fail> {
    Ok(match term.keep {
        None => power(unit, term.count, fuel)?,
        Some(keep) => {
            let mut ordered: Vec<(Option<i64>, W)> =
                unit.w.iter().enumerate().map(|(i, x)| (Some(unit.lo + i as i64), x.clone())).collect();
            let mut rest = unit.den.clone();
            rest.sub(&listed_sum(unit));
            ordered.push((None, rest));
            if keep.highest {
                ordered.reverse();
            }
            let min_unit = unit.lo;
            let mut out = keep_dp(&ordered, &unit.den, term.count, keep.count, fuel)?;
            out.exact_to = Some(threshold - 1 + i64::from(keep.count - 1) * min_unit);
            out.trim();
            out
        }
    })
}

fn listed_sum<W: Weight>(c: &Counts<W>) -> W {
    let mut s = W::zero();
    for x in &c.w {
        s.add(x);
    }
    s
}

/// `a + b` outcome by outcome (same denominator); `exact_to` from `a`. Two parts far apart
/// (penetrating dice under a floor such as `mi1000000000`) would list every total between
/// them: past the memory allowed, that is too costly.
fn add_aligned<W: Weight>(a: &Counts<W>, b: &Counts<W>, fuel: &Fuel) -> Result<Counts<W>, Fail> {
    let lo = a.lo.min(b.lo);
    let hi = a.hi().max(b.hi());
    let span = hi.checked_sub(lo).and_then(|d| usize::try_from(d).ok()).and_then(|d| d.checked_add(1));
    let span = span.ok_or(Fail::Costly)?;
    fuel.hold(span, a.den.words())?;
    let mut w = vec![W::zero(); span];
    for (c, src) in [a, b].into_iter().map(|c| (c.lo, &c.w)) {
        for (i, x) in src.iter().enumerate() {
            w[(c - lo) as usize + i].add(x);
        }
    }
    let mut out = Counts { lo, w, den: a.den.clone(), exact_to: a.exact_to };
    out.trim();
    Ok(out)
}
