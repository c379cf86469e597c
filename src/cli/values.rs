//! The parsers of flag values clap has none for: whole numbers in a range worded as keys are,
//! seeds and any path.

use super::*;

/// Parses `--seed`: any whole number a u64 holds, named with its range when it is not one.
pub(crate) fn seed(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("not a whole number from 0 to {}", u64::MAX))
}

/// A whole number in `range`: read as a signed number, so `-5` is told the range it misses
/// instead of being taken for a flag or failing on its sign. The minus may be U+2212, and a
/// value out of range is worded as a key's is: `--repeat is 0, out of range; allowed: …`.
pub(crate) fn whole<T: TryFrom<i64> + Clone + Send + Sync + 'static>(range: std::ops::RangeInclusive<i64>) -> Whole<T> {
    Whole { min: *range.start(), max: *range.end(), into: std::marker::PhantomData }
}

/// The parser `whole` makes.
#[derive(Clone)]
pub struct Whole<T> {
    min: i64,
    max: i64,
    into: std::marker::PhantomData<fn() -> T>,
}

impl<T: TryFrom<i64> + Clone + Send + Sync + 'static> TypedValueParser for Whole<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let flag = arg.and_then(|a| a.get_long()).map_or("the value".to_string(), |l| format!("--{l}"));
        let allowed = format!("allowed: a whole number from {} to {}", self.min, self.max);
        let fail = |what: String| clap::Error::raw(clap::error::ErrorKind::ValueValidation, what).with_cmd(cmd);
        let text = value.to_string_lossy().replace('\u{2212}', "-");
        let digits = text.strip_prefix(['+', '-']).unwrap_or(&text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let shown: String = text.chars().take(60).collect();
            return Err(fail(format!("{flag} has '{shown}'; {allowed}")));
        }
        match text.parse::<i64>() {
            Ok(n) if (self.min..=self.max).contains(&n) => {
                T::try_from(n).map_err(|_| fail(format!("{flag} is {n}, out of range; {allowed}")))
            }
            Ok(n) => Err(fail(format!("{flag} is {n}, out of range; {allowed}"))),
            Err(_) => {
                Err(fail(format!("{flag} is {}, out of range; {allowed}", text.chars().take(60).collect::<String>())))
            }
        }
    }
}

/// A path as given, even an empty one: the command that reads it says what is wrong with it
/// (clap's own path parser would report an empty path as a missing value).
pub(crate) fn any_path() -> impl TypedValueParser<Value = PathBuf> {
    clap::builder::OsStringValueParser::new().map(PathBuf::from)
}
