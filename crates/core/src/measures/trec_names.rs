//! trec_eval's measure syntax: `-m map`, `-m P.5,10`, `-m ndcg.1=3,2=9`,
//! `-m all_trec`, expanded into the lines trec_eval 10 prints, in its order
//! (`measures.c`) and under its names (`P_5`, `iprec_at_recall_0.10`,
//! `ndcg_1=3,2=9,4=4.5`). Ranklab's own names (`nDCG@10`, `ERR@20`) may be
//! mixed in; they print after trec_eval's, in the order given.

use super::preferences::PrefMeasure;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::TrecName;
use super::trec_parts::{longs, named};
use super::{Metric, MEASURE_FAMILIES};

/// One thing trec_eval prints.
#[derive(Debug, Clone, PartialEq)]
pub enum TrecItem {
    /// `runid` (summary only): the run's tag.
    Runid,
    /// `num_q` (summary only): queries evaluated.
    NumQ,
    /// `relstring` (per query only): grades of the first n documents.
    Relstring {
        /// Printed name.
        name: String,
        /// Number of documents shown.
        len: usize,
    },
    /// A preference measure (`-R prefs`, `-R qrels_prefs`): computed from
    /// preference counts, not from a judged ranking.
    Preference {
        /// Printed name.
        name: String,
        /// The measure.
        measure: PrefMeasure,
    },
    /// A measure with a value per query and a summary.
    Measure {
        /// Printed name.
        name: String,
        /// The measure.
        metric: Metric,
        /// Whether trec_eval prints it per query (false for gm_map, gm_bpref).
        per_query: bool,
    },
}

/// trec_eval's measure families in its printing order.
pub const FAMILIES: [&str; 54] = [
    "runid",
    "num_q",
    "num_ret",
    "num_rel",
    "num_rel_ret",
    "map",
    "gm_map",
    "Rprec",
    "bpref",
    "recip_rank",
    "iprec_at_recall",
    "P",
    "relstring",
    "recall",
    "infAP",
    "gm_bpref",
    "Rprec_mult",
    "utility",
    "11pt_avg",
    "binG",
    "G",
    "ndcg",
    "ndcg_rel",
    "Rndcg",
    "ndcg_cut",
    "map_cut",
    "relative_P",
    "success",
    "set_P",
    "set_relative_P",
    "set_recall",
    "set_map",
    "set_F",
    "num_nonrel_judged_ret",
    "prefs_num_prefs_poss",
    "prefs_num_prefs_ful",
    "prefs_num_prefs_ful_ret",
    "prefs_simp",
    "prefs_pair",
    "prefs_avgjg",
    "prefs_avgjg_Rnonrel",
    "prefs_simp_ret",
    "prefs_pair_ret",
    "prefs_avgjg_ret",
    "prefs_avgjg_Rnonrel_ret",
    "prefs_simp_imp",
    "prefs_pair_imp",
    "prefs_avgjg_imp",
    "map_avgjg",
    "P_avgjg",
    "Rprec_mult_avgjg",
    "rbp",
    "rbp_resid",
    "unj",
];

/// Families averaged over judgment groups: they need `qrels_jg` judgments
/// ([`crate::session::evaluate_judgment_groups`]), and only they do.
const JUDGMENT_GROUP_FAMILIES: [&str; 3] = ["map_avgjg", "P_avgjg", "Rprec_mult_avgjg"];

/// The judgments a family reads.
fn judgments_of(family: &str) -> Option<Judgments> {
    if matches!(family, "runid" | "num_q") {
        None
    } else if JUDGMENT_GROUP_FAMILIES.contains(&family) {
        Some(Judgments::Groups)
    } else if PrefMeasure::from_name(family).is_some() {
        Some(Judgments::Preferences)
    } else {
        Some(Judgments::Qrels)
    }
}

/// trec_eval's `all_trec`: every family that reads plain qrels.
fn all_trec() -> Vec<&'static str> {
    FAMILIES
        .into_iter()
        .filter(|f| judgments_of(f).is_none_or(|j| j == Judgments::Qrels))
        .collect()
}

/// trec_eval's `all_prefs`: every preference measure.
fn all_prefs() -> Vec<&'static str> {
    let mut v = vec!["runid", "num_q"];
    v.extend(PrefMeasure::ALL.map(PrefMeasure::name));
    v
}

/// trec_eval's `prefs` set: the first six preference measures.
fn prefs_set() -> Vec<&'static str> {
    all_prefs()[..8].to_vec()
}

/// The judgments a request's measures read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgments {
    /// Plain qrels (`qid iter docid grade`).
    Qrels,
    /// Judgment groups (`-R qrels_jg`).
    Groups,
    /// Preferences (`-R prefs` or `-R qrels_prefs`).
    Preferences,
}

impl Judgments {
    fn describe(self) -> &'static str {
        match self {
            Judgments::Qrels => "plain qrels",
            Judgments::Groups => "judgment groups (-R qrels_jg)",
            Judgments::Preferences => "preferences (-R prefs or qrels_prefs)",
        }
    }
}

/// trec_eval's `qrels_jg` set.
const QRELS_JG: &[&str] = &["runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"];

/// trec_eval's `official` set: the first 12 families of [`FAMILIES`].
const OFFICIAL_LEN: usize = 12;
const SET: &[&str] = &[
    "runid",
    "num_q",
    "num_ret",
    "num_rel",
    "num_rel_ret",
    "utility",
    "set_P",
    "set_recall",
    "set_relative_P",
    "set_map",
    "set_F",
];

/// Parsed `-m` requests: trec_eval families with their raw parameters, and
/// Ranklab measures.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeasureRequest {
    /// (family, raw parameter text) in [`FAMILIES`] order.
    families: Vec<(usize, Option<String>)>,
    /// Measures named in Ranklab syntax.
    extra: Vec<Metric>,
}

impl MeasureRequest {
    /// Reads `-m` values; with none, trec_eval's `official` set.
    pub fn parse<S: AsRef<str>>(specs: &[S]) -> Result<MeasureRequest, String> {
        let mut req = MeasureRequest::default();
        if specs.is_empty() {
            req.add_nickname(&FAMILIES[..OFFICIAL_LEN]);
        }
        for spec in specs {
            let spec = spec.as_ref().trim();
            match spec {
                "official" => req.add_nickname(&FAMILIES[..OFFICIAL_LEN]),
                "set" => req.add_nickname(SET),
                "all_trec" => req.add_nickname(&all_trec()),
                "all_prefs" => req.add_nickname(&all_prefs()),
                "prefs" => req.add_nickname(&prefs_set()),
                "qrels_jg" => req.add_nickname(QRELS_JG),
                _ => {
                    let (family, params) = match spec.split_once('.') {
                        Some((f, p)) => (f, Some(p.to_string())),
                        None => (spec, None),
                    };
                    if let Some(index) = FAMILIES.iter().position(|f| *f == family) {
                        req.set(index, params);
                    } else {
                        let m: Metric = spec
                            .parse()
                            .map_err(|e: super::MetricNameError| e.to_string())?;
                        if !req.extra.contains(&m) {
                            req.extra.push(m);
                        }
                    }
                }
            }
        }
        req.families.sort_by_key(|(i, _)| *i);
        // Check the parameters now so a bad request fails before evaluating.
        req.items()?;
        Ok(req)
    }

    /// The request with trec_eval's `qrels_jg` set when no measure was
    /// named: the default for judgment groups, whose judgments no other
    /// measure reads.
    pub fn or_judgment_group_default(self, specs_given: bool) -> MeasureRequest {
        if specs_given {
            return self;
        }
        let mut req = MeasureRequest::default();
        req.add_nickname(QRELS_JG);
        req
    }

    /// The judgments the request's measures read; an error naming the
    /// measures when it mixes measures of different judgments (trec_eval
    /// refuses each with the others' judgments). Ranklab's own measures
    /// read plain qrels.
    pub fn judgments(&self) -> Result<Judgments, String> {
        let mut by_kind: Vec<(Judgments, Vec<String>)> = Vec::new();
        let mut add =
            |kind: Judgments, name: String| match by_kind.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, names)) => names.push(name),
                None => by_kind.push((kind, vec![name])),
            };
        for (i, _) in &self.families {
            if let Some(kind) = judgments_of(FAMILIES[*i]) {
                add(kind, FAMILIES[*i].to_string());
            }
        }
        for m in &self.extra {
            add(Judgments::Qrels, m.to_string());
        }
        match by_kind.as_slice() {
            [] => Ok(Judgments::Qrels),
            [(kind, _)] => Ok(*kind),
            [(a, first), (b, second), ..] => Err(format!(
                "{} read {} and cannot be printed with {}, which read {}",
                first.join(", "),
                a.describe(),
                second.join(", "),
                b.describe()
            )),
        }
    }

    /// The request with trec_eval's `all_prefs` set when no measure was
    /// named: the default for preference judgments.
    pub fn or_preference_default(self, specs_given: bool) -> MeasureRequest {
        if specs_given {
            return self;
        }
        let mut req = MeasureRequest::default();
        req.add_nickname(&all_prefs());
        req
    }

    fn add_nickname(&mut self, names: &[&str]) {
        for n in names {
            let index = FAMILIES
                .iter()
                .position(|f| f == n)
                .expect("nicknames list known families");
            if !self.families.iter().any(|(i, _)| *i == index) {
                self.families.push((index, None));
            }
        }
    }

    /// Asks for a family, with parameters or not. As in trec_eval
    /// (`meas_init.c` takes the first `-m` argument naming the measure), the
    /// first parameters given for a family are the ones used.
    fn set(&mut self, index: usize, params: Option<String>) {
        match self.families.iter_mut().find(|(i, _)| *i == index) {
            Some(slot) => {
                if slot.1.is_none() {
                    slot.1 = params;
                }
            }
            None => self.families.push((index, params)),
        }
    }

    /// Everything to print, in order.
    pub fn items(&self) -> Result<Vec<TrecItem>, String> {
        let mut out = Vec::new();
        for (index, params) in &self.families {
            expand(FAMILIES[*index], params.as_deref(), &mut out)?;
        }
        for m in &self.extra {
            out.push(TrecItem::Measure {
                name: m.to_string(),
                metric: m.clone(),
                per_query: true,
            });
        }
        Ok(out)
    }
}

/// What `ranklab eval -q` prints for `metrics` (measures named as the page
/// names them): `runid`, `num_q`, then each measure under trec_eval's name
/// where trec_eval has the same measure (`map`, `P_10`, `ndcg_cut_10`), in
/// trec_eval's order, and Ranklab's own after them under Ranklab's names,
/// as `ranklab eval -m runid -m num_q -m map -m P.10 -m 'ERR@20'` prints
/// them. The second list gives, for each valued item in order, the index
/// of its measure in `metrics`. (The exports' trec_eval text is its one
/// user, with the `serde` feature.)
#[cfg(any(test, feature = "serde"))]
pub fn trec_items_for(metrics: &[Metric]) -> (Vec<TrecItem>, Vec<usize>) {
    // (family's place in trec_eval's order, the measure's parameter, index)
    let mut named: Vec<(usize, f64, usize, String)> = Vec::new();
    let mut own: Vec<usize> = Vec::new();
    for (j, m) in metrics.iter().enumerate() {
        match trec_name(m) {
            Some((family, parameter, name)) => {
                let place = FAMILIES
                    .iter()
                    .position(|f| *f == family)
                    .unwrap_or(usize::MAX);
                // In trec_eval's order, and within a family by increasing
                // parameter (a handful of measures: placed one by one, which
                // keeps another sort's code out of the page).
                let at = named
                    .iter()
                    .position(|n| (n.0, n.1) > (place, parameter))
                    .unwrap_or(named.len());
                named.insert(at, (place, parameter, j, name));
            }
            None => own.push(j),
        }
    }
    let mut items = vec![TrecItem::Runid, TrecItem::NumQ];
    let mut columns = Vec::new();
    let named = named.into_iter().map(|(_, _, j, name)| (j, name));
    let own = own.into_iter().map(|j| (j, metrics[j].to_string()));
    for (j, name) in named.chain(own) {
        items.push(TrecItem::Measure {
            name,
            metric: metrics[j].clone(),
            per_query: !matches!(metrics[j], Metric::GmAP | Metric::GmBpref),
        });
        columns.push(j);
    }
    (items, columns)
}

/// trec_eval's family, the parameter it is printed with (0 for none) and
/// the line name of `m`, where trec_eval computes exactly `m` with its
/// default parameters or a cutoff, recall level or multiple (`P_10`,
/// `iprec_at_recall_0.50`, `Rprec_mult_2.00`); `None` otherwise (then
/// Ranklab prints it under its own name). A test holds this against
/// [`expand`], which makes the same lines from `-m`.
#[cfg(any(test, feature = "serde"))]
fn trec_name(m: &Metric) -> Option<TrecName> {
    MEASURE_FAMILIES
        .iter()
        .find_map(|family| family.trec_name(m))
}

fn expand(family: &str, raw: Option<&str>, out: &mut Vec<TrecItem>) -> Result<(), String> {
    let mut push = |name: String, metric: Metric| {
        out.push(TrecItem::Measure {
            name,
            metric,
            per_query: true,
        })
    };
    match family {
        "runid" => out.push(TrecItem::Runid),
        "num_q" => out.push(TrecItem::NumQ),
        "gm_map" => out.push(TrecItem::Measure {
            name: family.into(),
            metric: Metric::GmAP,
            per_query: false,
        }),
        "relstring" => {
            let len = longs(family, raw, &[10])?[0];
            out.push(TrecItem::Relstring {
                name: named(family, raw),
                len,
            });
        }
        "gm_bpref" => out.push(TrecItem::Measure {
            name: family.into(),
            metric: Metric::GmBpref,
            per_query: false,
        }),
        _ => {
            for fam in MEASURE_FAMILIES {
                if fam.expand_trec(family, raw, &mut push)? {
                    return Ok(());
                }
            }
            let measure = PrefMeasure::from_name(family)
                .ok_or_else(|| format!("unknown trec_eval measure `{family}`"))?;
            out.push(TrecItem::Preference {
                name: family.into(),
                measure,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_parameters_given_for_a_family_are_used() {
        // trec_eval 10: `-m P.5 -m P.10` prints P_5 only.
        assert_eq!(names(&["P.5", "P.10"]), ["P_5"]);
        assert_eq!(names(&["P", "P.5"]), ["P_5"]);
        assert_eq!(names(&["rbp.p=0.5", "rbp.p=0.8"]), ["rbp_p=0.5"]);
    }

    fn names(specs: &[&str]) -> Vec<String> {
        MeasureRequest::parse(specs)
            .unwrap()
            .items()
            .unwrap()
            .into_iter()
            .map(|i| match i {
                TrecItem::Runid => "runid".into(),
                TrecItem::NumQ => "num_q".into(),
                TrecItem::Relstring { name, .. } => name,
                TrecItem::Measure { name, .. } | TrecItem::Preference { name, .. } => name,
            })
            .collect()
    }

    #[test]
    fn parameters_sort_and_name_like_trec_eval() {
        assert_eq!(
            names(&[
                "iprec_at_recall..10,.20,.25,.75,.50",
                "P.5,7,3",
                "ndcg_cut.10,20,23.4",
                "utility.2,-1,0,0",
                "nDCG@10"
            ]),
            vec![
                "iprec_at_recall_0.10",
                "iprec_at_recall_0.20",
                "iprec_at_recall_0.25",
                "iprec_at_recall_0.50",
                "iprec_at_recall_0.75",
                "P_3",
                "P_5",
                "P_7",
                "utility_2,-1,0,0",
                "ndcg_cut_10",
                "ndcg_cut_20",
                "ndcg_cut_23",
                "nDCG@10",
            ]
        );
        assert_eq!(names(&[])[..3], ["runid", "num_q", "num_ret"]);
        let all = names(&["all_trec", "relstring.20"]);
        assert!(all.contains(&"relstring_20".to_string()));
        assert!(MeasureRequest::parse(&["P.x"]).is_err());
        assert!(MeasureRequest::parse(&["nosuch"]).is_err());
    }

    #[test]
    fn page_measures_get_trec_eval_names_and_order() {
        let metrics: Vec<Metric> = [
            "RR", "AP", "nDCG@10", "P@10", "R@10", "P@3", "ERR@20", "NumRet",
        ]
        .iter()
        .map(|n| n.parse().unwrap())
        .collect();
        let (items, columns) = trec_items_for(&metrics);
        let printed: Vec<String> = items
            .iter()
            .map(|i| match i {
                TrecItem::Runid => "runid".to_string(),
                TrecItem::NumQ => "num_q".to_string(),
                TrecItem::Measure { name, .. } => name.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        // trec_eval's order (measures.c), its names, then Ranklab's own.
        assert_eq!(
            printed,
            [
                "runid",
                "num_q",
                "num_ret",
                "map",
                "recip_rank",
                "P_3",
                "P_10",
                "recall_10",
                "ndcg_cut_10",
                "ERR@20"
            ]
        );
        assert_eq!(columns, [7, 1, 0, 5, 3, 4, 2, 6]);
        // A measure whose conventions differ from trec_eval's keeps Ranklab's name.
        let own: Vec<Metric> = ["nDCG(dcg='exp-log2')@10", "AP(norm='found')"]
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let (items, _) = trec_items_for(&own);
        let names: Vec<&str> = items
            .iter()
            .filter_map(|i| match i {
                TrecItem::Measure { name, .. } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, ["nDCG(dcg='exp-log2')@10", "AP(norm='found')"]);
    }

    /// `trec_name` (the page's export) and `expand` (the command line's
    /// `-m`) name every measure alike: each line of every family's default
    /// expansion, and of its cutoff forms, that `trec_name` knows gets the
    /// same name from both.
    #[test]
    fn trec_name_agrees_with_the_expansion_of_every_family() {
        let mut checked = 0;
        for family in FAMILIES {
            for raw in [None, Some("7"), Some("0.35")] {
                let mut items = Vec::new();
                if expand(family, raw, &mut items).is_err() {
                    continue;
                }
                for item in items {
                    let TrecItem::Measure { name, metric, .. } = item else {
                        continue;
                    };
                    // The groups' averages reuse plain measures under their own names.
                    if family.ends_with("_avgjg") {
                        continue;
                    }
                    match trec_name(&metric) {
                        Some((f, _, n)) if raw.is_none() || n != f => {
                            assert_eq!((f, n.as_str()), (family, name.as_str()), "{metric}");
                            checked += 1;
                        }
                        Some(_) => {}
                        None => assert!(
                            raw.is_some(),
                            "{family}: {name} ({metric}) has no trec name"
                        ),
                    }
                }
            }
        }
        assert!(checked > 60, "{checked}");
    }
}
