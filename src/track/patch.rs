//! What `undo` keeps of each command: not the whole fight before it, but the few values the
//! command changed, as a patch that turns the fight after it back into the fight before.
//! Objects are compared key by key and lists of the same length item by item, so a turn passed
//! costs a few bytes and a round's initiative rolled anew a few per seat.

use serde_json::{Map, Value};

/// The patch that turns `after` back into `before`, or `None` when they are equal.
///
/// Its form: `{"=": V}` puts back the value V; `{"~": {KEY: PATCH, ...}, "-": [KEY, ...]}`
/// patches an object's keys and takes out the keys `after` added; `{"#": {INDEX: PATCH, ...}}`
/// patches a list's items in place; `{"[": [ITEM, ...]}` rebuilds a list from the later one,
/// each ITEM `J` (the later list's item J), `{"@": J, "p": PATCH}` (that item patched)
/// or `{"=": V}`: so a list that grew, shrank or was reordered (a seat added, the order rolled
/// anew) costs a few bytes an item.
pub fn diff(before: &Value, after: &Value) -> Option<Value> {
    match (before, after) {
        (Value::Object(old), Value::Object(new)) => {
            let mut keys = Map::new();
            for (key, was) in old {
                let patch = match new.get(key) {
                    // Compared first, so that only what changed is walked down.
                    Some(now) if now == was => None,
                    Some(now) => diff(was, now),
                    None => Some(put(was)),
                };
                if let Some(patch) = patch {
                    keys.insert(key.clone(), patch);
                }
            }
            let added: Vec<Value> =
                new.keys().filter(|k| !old.contains_key(*k)).map(|k| Value::String(k.clone())).collect();
            if keys.is_empty() && added.is_empty() {
                return None;
            }
            let mut patch = Map::new();
            if !keys.is_empty() {
                patch.insert("~".into(), Value::Object(keys));
            }
            if !added.is_empty() {
                patch.insert("-".into(), Value::Array(added));
            }
            Some(Value::Object(patch))
        }
        (Value::Array(old), Value::Array(new)) => {
            if old.len() != new.len() {
                return Some(rebuild(old, new));
            }
            let items: Map<String, Value> = old
                .iter()
                .zip(new)
                .enumerate()
                .filter(|(_, (was, now))| was != now)
                .filter_map(|(i, (was, now))| diff(was, now).map(|p| (i.to_string(), p)))
                .collect();
            if items.is_empty() {
                return None;
            }
            let in_place = Value::Object(Map::from_iter([("#".to_string(), Value::Object(items))]));
            // The same names in the same places: nothing moved, so patched in place (a turn, a
            // hit); else whichever is shorter (the order rolled anew).
            if old.iter().zip(new).all(|(a, b)| name_of(a).is_some() && name_of(a) == name_of(b)) {
                return Some(in_place);
            }
            let rebuilt = rebuild(old, new);
            Some(if json_len(&in_place) <= json_len(&rebuilt) { in_place } else { rebuilt })
        }
        _ if before == after => None,
        _ => Some(put(before)),
    }
}

/// The `name` of a list item that has one (a seat, a combatant), which identifies it.
fn name_of(value: &Value) -> Option<&str> {
    value.get("name")?.as_str()
}

/// `{"[": [...]}`: each item of `old` as an item of `new` (the same, or by its name, patched),
/// or as itself where `new` has nothing like it.
fn rebuild(old: &[Value], new: &[Value]) -> Value {
    let mut by_name: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut by_value: std::collections::HashMap<String, Vec<usize>> = std::collections::HashMap::new();
    for (j, item) in new.iter().enumerate() {
        if let Some(name) = name_of(item) {
            by_name.entry(name).or_insert(j);
        } else {
            by_value.entry(item.to_string()).or_default().push(j);
        }
    }
    for uses in by_value.values_mut() {
        uses.reverse();
    }
    let items = old
        .iter()
        .map(|item| {
            let found = match name_of(item) {
                Some(name) => by_name.get(name).copied(),
                None => by_value.get_mut(&item.to_string()).and_then(Vec::pop),
            };
            match found {
                Some(j) => match diff(item, &new[j]) {
                    None => Value::from(j),
                    Some(patch) => {
                        Value::Object(Map::from_iter([("@".to_string(), Value::from(j)), ("p".into(), patch)]))
                    }
                },
                None => put(item),
            }
        })
        .collect();
    Value::Object(Map::from_iter([("[".to_string(), Value::Array(items))]))
}

/// The bytes `value` takes as compact JSON, counted without keeping them.
pub fn json_len(value: &impl serde::Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

fn put(value: &Value) -> Value {
    Value::Object(Map::from_iter([("=".to_string(), value.clone())]))
}

/// Applies `patch` to `value` in place; `Err` names what did not fit (a patch made for another
/// fight, or a file changed by hand).
pub fn apply(value: &mut Value, patch: &Value) -> Result<(), String> {
    let Some(patch) = patch.as_object() else { return Err("a patch is not an object".into()) };
    if let Some(old) = patch.get("=") {
        *value = old.clone();
        return Ok(());
    }
    if let Some(items) = patch.get("[") {
        let (Some(list), Some(items)) = (value.as_array(), items.as_array()) else {
            return Err("a list patch meets something that is not a list".into());
        };
        let mut rebuilt = Vec::with_capacity(items.len());
        for item in items {
            if let Some(j) = item.as_u64() {
                let Some(at) = list.get(j as usize) else {
                    return Err("a list patch names an item past the list".into());
                };
                rebuilt.push(at.clone());
                continue;
            }
            if let Some(old) = item.get("=") {
                rebuilt.push(old.clone());
                continue;
            }
            let at = item.get("@").and_then(Value::as_u64).and_then(|j| list.get(j as usize));
            let Some(at) = at else { return Err("a list patch names an item past the list".into()) };
            let mut at = at.clone();
            if let Some(patch) = item.get("p") {
                apply(&mut at, patch)?;
            }
            rebuilt.push(at);
        }
        *value = Value::Array(rebuilt);
        return Ok(());
    }
    if let Some(items) = patch.get("#") {
        let (Some(list), Some(items)) = (value.as_array_mut(), items.as_object()) else {
            return Err("a list patch meets something that is not a list".into());
        };
        for (index, item) in items {
            let slot = index.parse::<usize>().ok().and_then(|i| list.get_mut(i));
            let Some(slot) = slot else { return Err(format!("a list patch names item {index}, past the list")) };
            apply(slot, item)?;
        }
        return Ok(());
    }
    let Some(fields) = value.as_object_mut() else {
        return Err("an object patch meets something that is not an object".into());
    };
    for key in patch.get("-").and_then(Value::as_array).into_iter().flatten() {
        if let Some(key) = key.as_str() {
            fields.remove(key);
        }
    }
    for (key, item) in patch.get("~").and_then(Value::as_object).into_iter().flatten() {
        match fields.get_mut(key) {
            Some(slot) => apply(slot, item)?,
            None => {
                let mut slot = Value::Null;
                apply(&mut slot, item)?;
                fields.insert(key.clone(), slot);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(before: Value, after: Value) -> Value {
        let patch = diff(&before, &after).unwrap_or(Value::Null);
        let mut back = after.clone();
        if !patch.is_null() {
            apply(&mut back, &patch).unwrap();
        }
        assert_eq!(back, before, "patch {patch}");
        patch
    }

    #[test]
    fn a_patch_turns_the_later_value_back_into_the_earlier() {
        round_trip(json!({"a": 1, "b": [1, 2, 3]}), json!({"a": 2, "b": [1, 5, 3], "c": true}));
        round_trip(json!({"a": {"x": null}}), json!({"a": {}}));
        round_trip(json!([1, 2]), json!([1, 2, 3]));
        round_trip(json!({"list": [{"n": "Orc", "hp": 7}]}), json!({"list": [{"n": "Orc", "hp": 3, "down": "dead"}]}));
        round_trip(json!(null), json!({"a": 1}));
        round_trip(json!("x"), json!(["x"]));
        round_trip(json!(["a", "b", "a"]), json!(["b", "a", "c", "a"]));
        round_trip(
            json!([{"name": "party", "total": 5}, {"name": "monsters", "total": 2}]),
            json!([{"name": "monsters", "total": 6}, {"name": "party", "total": 1}, {"name": "wolves"}]),
        );
    }

    #[test]
    fn a_list_that_grows_or_is_reordered_costs_little() {
        let names: Vec<Value> = (0..30).map(|i| json!({"name": format!("Wolf {i}"), "total": i, "rank": i})).collect();
        let mut grown = names.clone();
        grown.insert(3, json!({"name": "Bear", "total": 12, "rank": 3}));
        let patch = round_trip(json!(names), json!(grown));
        assert!(patch.to_string().len() < 30 * 12, "{patch}");
        let mut turned = names.clone();
        turned.reverse();
        let patch = round_trip(json!(names), json!(turned));
        assert!(patch.to_string().len() < 30 * 12, "{patch}");
    }

    #[test]
    fn a_small_change_makes_a_small_patch() {
        let seats: Vec<Value> = (0..30).map(|i| json!({"name": format!("Orc {i}"), "total": i, "hp": 7})).collect();
        let before = json!({"round": 3, "turn": 4, "order": seats});
        let mut after = before.clone();
        after["turn"] = json!(5);
        after["order"][7]["hp"] = json!(2);
        let patch = round_trip(before, after);
        assert!(patch.to_string().len() < 80, "{patch}");
    }

    #[test]
    fn a_patch_that_does_not_fit_is_refused() {
        assert!(apply(&mut json!([1]), &json!({"#": {"3": {"=": 1}}})).is_err());
        assert!(apply(&mut json!(1), &json!({"~": {"a": {"=": 1}}})).is_err());
        assert!(apply(&mut json!(1), &json!(2)).is_err());
    }
}
