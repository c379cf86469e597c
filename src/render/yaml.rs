//! YAML through serde-saphyr, the same family as the parser that checks rosters. It quotes
//! the strings a YAML 1.2 reader would misread (`true`, `null`, `0x1F`, `012`…) and, as its
//! YAML 1.1 mode does by default, those that loaders such as PyYAML read as something other
//! than text (`yes`, `No`, `on`, `y`, `1_000`, `1:20`, `2024-01-02`, `<<`, `=`), so every
//! loader reads the strings fray wrote. A string with a line break is a literal block; no
//! string is folded.

use serde::Serialize;

/// The YAML document of `value`.
pub fn to_string<T: Serialize>(value: &T) -> Result<String, serde_saphyr::SerializeError> {
    let options = serde_saphyr::ser_options! {
        // Never fold a long line into a `>` block: only text with line breaks is a block.
        folded_wrap_chars: usize::MAX,
        min_fold_chars: usize::MAX,
    };
    serde_saphyr::to_string_with_options(value, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn yaml11_words_and_numbers_are_quoted() {
        for word in [
            "On",
            "No",
            "yes",
            "y",
            "n",
            "Y",
            "off",
            "OFF",
            "null",
            "~",
            "012",
            "1e3",
            "0x1F",
            "1_000",
            ".inf",
            "-.inf",
            "1:20",
            "1.",
            "2024-01-02",
            "<<",
            "=",
            "",
            "+12",
            "0b101",
            "true",
            "NULL",
            "6.8e+5",
            "1.5E3",
        ] {
            let yaml = to_string(&BTreeMap::from([("name", word)])).unwrap();
            let value = yaml.strip_prefix("name:").unwrap().trim();
            assert!(value.starts_with(['\'', '"']), "{word:?} came out as {yaml:?}");
            let back: BTreeMap<String, String> = serde_yaml::from_str(&yaml).unwrap();
            assert_eq!(back["name"], word);
        }
        for word in ["Ogre", "5e", "2d6", "1e", "1d4 x 10'", "Nope", "Orc 2", "+1 CHA 16", "d&d", "a: b", "."] {
            let yaml = to_string(&BTreeMap::from([("name", word)])).unwrap();
            if !word.contains(':') && word != "." {
                assert_eq!(yaml, format!("name: {word}\n"), "{word:?} needs no quotes");
            }
        }
    }

    #[test]
    fn numbers_bools_and_nulls_stay_plain() {
        #[derive(Serialize)]
        struct Doc {
            small: u8,
            big: u64,
            negative: i64,
            half: f64,
            tiny: f64,
            flag: bool,
            none: Option<u8>,
            list: Vec<i32>,
        }
        let doc = Doc {
            small: 1,
            big: u64::MAX,
            negative: -12,
            half: 0.5,
            tiny: 1e-7,
            flag: true,
            none: None,
            list: vec![0, 3],
        };
        let yaml = to_string(&doc).unwrap();
        // A float's exponent follows a dot (`1.0e-7`), so YAML 1.1 loaders read it as a float too.
        assert_eq!(
            yaml,
            "small: 1\nbig: 18446744073709551615\nnegative: -12\nhalf: 0.5\ntiny: 1.0e-7\nflag: true\nnone: null\nlist:\n- 0\n- 3\n"
        );
        assert!(!yaml.contains(['\'', '"']), "{yaml}");
    }

    #[test]
    fn keys_sequences_and_blocks_are_handled() {
        #[derive(Serialize)]
        struct Doc<'a> {
            names: Vec<&'a str>,
            by_name: BTreeMap<&'a str, Vec<&'a str>>,
            note: &'a str,
            after: &'a str,
        }
        let doc = Doc {
            names: vec!["no", "Elf", "on"],
            by_name: BTreeMap::from([("yes", vec!["off"]), ("Orc", vec!["n"])]),
            note: "two\nlines: yes\nno",
            after: "Y",
        };
        let yaml = to_string(&doc).unwrap();
        assert_eq!(
            yaml,
            "names:\n- \"no\"\n- Elf\n- \"on\"\nby_name:\n  Orc:\n  - \"n\"\n  \"yes\":\n  - \"off\"\nnote: |-\n  two\n  lines: yes\n  no\nafter: \"Y\"\n"
        );
    }
}
