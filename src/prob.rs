//! Exact probabilities: non-negative rationals that stay in `u128` while they fit and move to
//! big integers when a long chain of rolls outgrows it.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

#[derive(Clone)]
pub struct Prob(Repr);

#[derive(Clone)]
enum Repr {
    /// Always reduced, `den > 0`.
    Small {
        num: u128,
        den: u128,
    },
    Big(BigRational),
}

impl Prob {
    pub fn zero() -> Prob {
        Prob(Repr::Small { num: 0, den: 1 })
    }

    pub fn one() -> Prob {
        Prob(Repr::Small { num: 1, den: 1 })
    }

    /// `num / den`; `den` must not be zero.
    pub fn new(num: u128, den: u128) -> Prob {
        debug_assert!(den != 0);
        let g = num.gcd(&den).max(1);
        Prob(Repr::Small { num: num / g, den: den / g })
    }

    /// `num / den` for whole numbers of any size; `den` must not be zero.
    pub fn ratio(num: &BigUint, den: &BigUint) -> Prob {
        match (num.to_u128(), den.to_u128()) {
            (Some(num), Some(den)) => Prob::new(num, den),
            _ => {
                // Reduced here: num-rational's binary gcd is slow on numbers of very different sizes.
                let g = gcd(num, den);
                let (num, den) = if g.is_one() { (num.clone(), den.clone()) } else { (num / &g, den / &g) };
                Prob::from_big(BigRational::new_raw(BigInt::from(num), BigInt::from(den)))
            }
        }
    }

    /// The reduced numerator and denominator.
    pub fn parts(&self) -> (BigUint, BigUint) {
        match &self.0 {
            Repr::Small { num, den } => (BigUint::from(*num), BigUint::from(*den)),
            Repr::Big(r) => (r.numer().magnitude().clone(), r.denom().magnitude().clone()),
        }
    }

    fn big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { num, den } => BigRational::new(BigInt::from(*num), BigInt::from(*den)),
            Repr::Big(r) => r.clone(),
        }
    }

    fn from_big(r: BigRational) -> Prob {
        match (r.numer().to_u128(), r.denom().to_u128()) {
            (Some(num), Some(den)) => Prob(Repr::Small { num, den }),
            _ => Prob(Repr::Big(r)),
        }
    }

    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { num, .. } => *num == 0,
            Repr::Big(r) => r.is_zero(),
        }
    }

    pub fn add(&self, other: &Prob) -> Prob {
        if other.is_zero() {
            return self.clone();
        }
        if self.is_zero() {
            return other.clone();
        }
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &other.0) {
            let g = b.gcd(d);
            let sum = (b / g)
                .checked_mul(*d)
                .and_then(|den| Some((a.checked_mul(d / g)?.checked_add(c.checked_mul(b / g)?)?, den)));
            if let Some((num, den)) = sum {
                return Prob::new(num, den);
            }
        }
        Prob::from_big(self.big() + other.big())
    }

    pub fn mul(&self, other: &Prob) -> Prob {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &other.0) {
            let g1 = a.gcd(d).max(1);
            let g2 = c.gcd(b).max(1);
            if let (Some(num), Some(den)) = ((a / g1).checked_mul(c / g2), (b / g2).checked_mul(d / g1)) {
                return Prob(Repr::Small { num, den });
            }
        }
        if self.is_zero() || other.is_zero() {
            return Prob::zero();
        }
        // Both reduced: once the common factors across are taken out, the product is reduced too,
        // so only those (often a long number against a short one) are sought.
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        let (g1, g2) = (gcd(&a, &d), gcd(&c, &b));
        let num = (a / &g1) * (c / &g2);
        let den = (b / g2) * (d / g1);
        Prob::from_big(BigRational::new_raw(BigInt::from(num), BigInt::from(den)))
    }

    /// `self / other`; `other` must not be zero.
    pub fn div(&self, other: &Prob) -> Prob {
        let inverse = match &other.0 {
            Repr::Small { num, den } => Prob::new(*den, *num),
            Repr::Big(r) => Prob::from_big(r.recip()),
        };
        self.mul(&inverse)
    }

    /// `self - other`, never below zero.
    pub fn sub(&self, other: &Prob) -> Prob {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &other.0) {
            let g = b.gcd(d);
            let diff = (b / g).checked_mul(*d).and_then(|den| {
                let (left, right) = (a.checked_mul(d / g)?, c.checked_mul(b / g)?);
                Some((left.saturating_sub(right), den))
            });
            if let Some((num, den)) = diff {
                return Prob::new(num, den);
            }
        }
        let rest = self.big() - other.big();
        Prob::from_big(if rest < BigRational::zero() { BigRational::zero() } else { rest })
    }

    /// `1 - self`, for probabilities (never below zero).
    pub fn complement(&self) -> Prob {
        match &self.0 {
            Repr::Small { num, den } => Prob::new(den.saturating_sub(*num), *den),
            Repr::Big(r) => {
                let rest = BigRational::from_integer(BigInt::from(1)) - r;
                Prob::from_big(if rest < BigRational::zero() { BigRational::zero() } else { rest })
            }
        }
    }

    /// `self` to the power `e`.
    pub fn pow(&self, e: usize) -> Prob {
        let (mut result, mut base, mut e) = (Prob::one(), self.clone(), e);
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&base);
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base);
            }
        }
        result
    }

    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { num, den } => *num as f64 / *den as f64,
            Repr::Big(r) => r.to_f64().unwrap_or(0.0),
        }
    }

    pub fn sum<'a>(items: impl IntoIterator<Item = &'a Prob>) -> Prob {
        items.into_iter().fold(Prob::zero(), |acc, p| acc.add(p))
    }
}

/// The greatest common divisor: remainders first while one number is far longer than the other
/// (the binary method alone takes a pass over the long one for each of its bits), and in `u128`
/// as soon as the shorter fits one.
fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut long, mut short) = if a.bits() >= b.bits() { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
    loop {
        if short.is_zero() {
            return long;
        }
        if let Some(s) = short.to_u128() {
            let r = (&long % &short).to_u128().unwrap_or(0);
            return BigUint::from(s.gcd(&r));
        }
        if long.bits() <= 2 * short.bits() + 64 {
            return long.gcd(&short);
        }
        let r = &long % &short;
        long = std::mem::replace(&mut short, r);
    }
}

impl PartialEq for Prob {
    fn eq(&self, other: &Prob) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Prob {}

impl PartialOrd for Prob {
    fn partial_cmp(&self, other: &Prob) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Prob {
    fn cmp(&self, other: &Prob) -> Ordering {
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) = (&self.0, &other.0)
            && let (Some(left), Some(right)) = (a.checked_mul(*d), c.checked_mul(*b))
        {
            return left.cmp(&right);
        }
        self.big().cmp(&other.big())
    }
}

/// `2/9`; `0` and `1` as integers.
impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match &self.0 {
            Repr::Small { num, den: 1 } => num.to_string(),
            Repr::Small { num, den } => format!("{num}/{den}"),
            Repr::Big(r) if r.denom() == &BigInt::from(1) => r.numer().to_string(),
            Repr::Big(r) => format!("{}/{}", r.numer(), r.denom()),
        };
        f.pad(&text)
    }
}

impl fmt::Debug for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let sixth = Prob::new(1, 6);
        assert_eq!(sixth.add(&sixth).to_string(), "1/3");
        assert_eq!(sixth.mul(&Prob::new(3, 4)).to_string(), "1/8");
        assert_eq!(Prob::new(2, 9).complement().to_string(), "7/9");
        assert_eq!(Prob::new(1, 2).sub(&Prob::new(1, 3)).to_string(), "1/6");
        assert_eq!(Prob::new(1, 3).sub(&Prob::new(1, 2)), Prob::zero());
        assert_eq!(Prob::new(3, 4).pow(3).to_string(), "27/64");
        assert_eq!(Prob::new(1, 2).div(&Prob::new(3, 4)).to_string(), "2/3");
        assert_eq!(Prob::new(4, 4).to_string(), "1");
    }

    #[test]
    fn long_chains_move_to_big_integers_without_losing_exactness() {
        // (1/216)^20 overflows u128; the big form keeps it exact.
        let step = Prob::new(1, 216);
        let mut p = Prob::one();
        for _ in 0..20 {
            p = p.mul(&step);
        }
        assert!(matches!(p.0, Repr::Big(_)));
        let mut back = p.clone();
        for _ in 0..20 {
            back = back.mul(&Prob::new(216, 1));
        }
        assert_eq!(back, Prob::one());
        assert!(p < Prob::new(1, 1u128 << 100));
        assert_eq!(p.add(&p).div(&p).to_string(), "2");
    }

    #[test]
    fn long_products_are_reduced_as_big_rationals_reduce_them() {
        // Long fractions of many shapes (sharing factors of 2, 3, 5, 7 or none), multiplied both
        // ways: the same reduced fraction, the same zero and one.
        let mut dice = crate::dice::SeededDice::new(5);
        let mut long = |digits: u32| -> BigUint {
            let mut n = BigUint::from(1u32 + dice.die(9));
            for _ in 0..digits {
                n = n * 10u32 + dice.die(10) - 1u32;
            }
            n * [1u32, 2, 3, 5, 7, 12, 35][dice.die(7) as usize - 1]
        };
        for k in 0..40 {
            let (a, b) = (long(40 + k * 7), long(60 + k * 3));
            let (c, d) = (long(k), long(200 - k));
            let (p, q) = (Prob::ratio(&a, &(&a + &b)), Prob::ratio(&c, &(&c + &d)));
            let expected = p.big() * q.big();
            let reduced = (expected.numer().magnitude().clone(), expected.denom().magnitude().clone());
            assert_eq!(p.mul(&q).parts(), reduced, "{k}");
            assert_eq!(p.mul(&q).parts(), q.mul(&p).parts());
            assert_eq!(p.div(&p), Prob::one());
            assert!(p.mul(&Prob::zero()).is_zero() && Prob::zero().mul(&q).to_string() == "0");
            assert_eq!(p.add(&Prob::zero()).parts(), p.parts());
        }
        assert_eq!(gcd(&BigUint::from(12u32), &(BigUint::from(18u32) << 200)), BigUint::from(12u32));
    }

    #[test]
    fn wide_ratios_reduce_as_the_binary_method_does() {
        // 6^50 is past u128; the ways of a few 50d6 totals, and numbers near and past u128.
        let den = BigUint::from(6u32).pow(50);
        for num in [
            BigUint::from(1u32),
            BigUint::from(50u32),
            BigUint::from(6u32).pow(30) * 7u32,
            BigUint::from(u128::MAX) * 3u32,
            BigUint::from(2u32).pow(129) * BigUint::from(3u32).pow(20),
        ] {
            let want = BigRational::new(BigInt::from(num.clone()), BigInt::from(den.clone()));
            let got = Prob::ratio(&num, &den).parts();
            assert_eq!((BigInt::from(got.0), BigInt::from(got.1)), (want.numer().clone(), want.denom().clone()));
            assert_eq!(gcd(&num, &den), num.gcd(&den));
        }
    }
}
