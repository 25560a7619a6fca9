//! A roll's odds as a picture: for any living player and roll, the exact
//! distribution of the result after the cap and the penalties of their
//! counters (D2.1, D2.2), out of the 216 throws of 3d6, next to the same
//! roll with one more depletion counter, so anyone sees what a counter
//! costs. An SVG bar chart (the two series told apart by pattern as well as
//! colour) with every number in a table. The engine computes both.

use super::super::state::{Ctx, OddsPick};
use super::widgets::{HiddenNote, check, select, table};
use crate::shell::html::{Html, attr};
use dice_org::{Boost, Odds, Penalties, RollKind, odds};
use leptos::prelude::*;

const W: u32 = 640;
const H: u32 = 220;
const PAD: u32 = 28;

/// `n / 216` as a decimal with `places` digits (rounded), without floats.
fn per216(n: u32, scale: u32, places: usize) -> String {
    let x = (n * scale + 108) / 216;
    let unit = 10u32.pow(places as u32);
    format!("{}.{:0places$}", x / unit, x % unit)
}

/// The mean result, two decimals.
fn mean(o: &Odds) -> String {
    let sum: u32 = o
        .counts
        .iter()
        .enumerate()
        .map(|(r, &n)| r as u32 * n)
        .sum();
    per216(sum, 100, 2)
}

/// A share of the 216 throws as a percentage, one decimal.
fn pct(n: u32) -> String {
    per216(n, 1000, 1) + "%"
}

/// The chart: one pair of bars per result, as SVG text (`shell::html`;
/// read only, far less code than a view per bar).
fn chart(now: &Odds, more: &Odds, label: String) -> AnyView {
    let n = now.counts.len().max(more.counts.len());
    let top = now
        .counts
        .iter()
        .chain(&more.counts)
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let step = (W - PAD) / n as u32;
    let bar = step * 2 / 5;
    let y = |c: u32| (H - PAD) * c / top;
    let get = |o: &Odds, r: usize| o.counts.get(r).copied().unwrap_or(0);
    let base = H - PAD;
    let mut h = Html::default();
    h.raw(&format!("<svg class=\"odds-chart\" viewBox=\"0 0 {W} {H}\" role=\"img\""))
        .raw(&attr("aria-label", &label))
        .raw(" data-testid=\"odds-chart\"><defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"></rect><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a4161a\" stroke-width=\"3\"></line></pattern></defs>")
        .raw(&format!("<line x1=\"{PAD}\" y1=\"{base}\" x2=\"{W}\" y2=\"{base}\" stroke=\"#55526a\"></line><text x=\"2\" y=\"12\" class=\"axis\">{top}</text><text x=\"2\" y=\"{base}\">0</text>"));
    for r in 0..n {
        let x = PAD + step * r as u32 + step / 10;
        let (a, b) = (get(now, r), get(more, r));
        h.raw(&format!(
            "<g><rect x=\"{x}\" y=\"{}\" width=\"{bar}\" height=\"{}\" fill=\"#5b3fc4\"><title>{r}: {a} of 216 now</title></rect><rect x=\"{}\" y=\"{}\" width=\"{bar}\" height=\"{}\" fill=\"url(#hatch)\" stroke=\"#a4161a\"><title>{r}: {b} of 216 with one more counter</title></rect><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{r}</text></g>",
            base - y(a),
            y(a),
            x + bar,
            base - y(b),
            y(b),
            x + bar,
            H - 10
        ));
    }
    h.raw("</svg>");
    view! { <div class="chart" inner_html=h.done()></div> }.into_any()
}

#[component]
pub fn Odds() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = move || {
        ctx.with_game(|s| {
            s.state()
                .alive()
                .map(|(p, _)| s.state().name(p).to_string())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let pick = move || {
        let mut p = ctx.odds.get();
        let v = players();
        if !v.contains(&p.player) {
            p.player = v.first().cloned().unwrap_or_default();
        }
        p
    };
    let data = move || {
        let p = pick();
        ctx.with_game(|s| {
            let st = s.state();
            let l = st.living(st.find(&p.player)?)?;
            let now = s.odds_for(&p.player, p.kind, p.options)?;
            let more = odds(l.attributes.get(p.kind), l.counters + 1, p.options);
            Some((p, l.attributes, l.counters, now, more))
        })
        .flatten()
    };
    let set = move |f: &dyn Fn(&mut OddsPick)| {
        let mut p = pick();
        f(&mut p);
        if p.kind == RollKind::Competition {
            p.options.minus5 = false;
        }
        ctx.odds.set(p);
    };
    move || {
        if ctx.hide.get() {
            return view! { <section class="odds"><h2>"Odds of a roll"</h2>{HiddenNote()}</section> }
                .into_any();
        }
        view! {
            <section class="odds">
                <h2>"Odds of a roll"</h2>
                <p class="muted">"The exact distribution of a competition or survival roll's result after the cap and the penalties (D2.1, D2.2), out of the 216 throws of three dice, now and with one more depletion counter."</p>
                <form class="form" on:submit=|ev| ev.prevent_default()>
                    <label>"Player"{move || select("Player".into(), "odds-player", players().into_iter().map(|n| (n.clone(), n)).collect(),
                        Signal::derive(move || pick().player), Callback::new(move |v: String| set(&|p| p.player = v.clone())))}</label>
                    <label>"Roll"{select("Roll".into(), "odds-kind", vec![("competition".into(), "Competition (capped by Competition)".into()), ("survival".into(), "Survival (capped by Survival)".into())],
                        Signal::derive(move || if pick().kind == RollKind::Survival { "survival" } else { "competition" }.to_string()),
                        Callback::new(move |v: String| set(&|p| p.kind = if v == "survival" { RollKind::Survival } else { RollKind::Competition })))}</label>
                    <fieldset>
                        <legend>"Chosen before rolling (blind)"</legend>
                        {check("Deduct 3".into(), false, "odds-minus3", Signal::derive(move || pick().options.minus3), Signal::stored(true), Callback::new(move |v| set(&|p| p.options.minus3 = v)))}
                        <label>"Boost"{select("Boost".into(), "odds-boost", vec![(String::new(), "none".into()), ("2".into(), "+2 (1 RP)".into()), ("7".into(), "+7 (3 RP)".into())],
                            Signal::derive(move || pick().options.boost.map_or(String::new(), |b| u8::from(b).to_string())),
                            Callback::new(move |v: String| set(&|p| p.options.boost = match v.as_str() { "2" => Some(Boost::Two), "7" => Some(Boost::Seven), _ => None })))}</label>
                    </fieldset>
                    <fieldset>
                        <legend>"Chosen after rolling (informed, survival rolls at camp)"</legend>
                        {check("Deduct 5 for 1 RP".into(), false, "odds-minus5", Signal::derive(move || pick().options.minus5),
                            Signal::derive(move || pick().kind == RollKind::Survival), Callback::new(move |v| set(&|p| p.options.minus5 = v)))}
                    </fieldset>
                </form>
                {move || data().map(|(p, attrs, counters, now, more)| {
                    let pen = Penalties::of(counters);
                    let pen2 = Penalties::of(counters + 1);
                    let kind = if p.kind == RollKind::Competition { "competition" } else { "survival" };
                    let n = now.counts.len().max(more.counts.len());
                    let get = |o: &Odds, r: usize| o.counts.get(r).copied().unwrap_or(0);
                    let label = format!("Bar chart of {}'s {kind} roll results out of 216, now and with one more counter; the numbers are in the table below", p.player);
                    let rows = (0..n).map(|r| {
                        let (a, b) = (get(&now, r), get(&more, r));
                        (r.to_string(), vec![a.to_string(), pct(a), pct(now.at_least(r as u32)), b.to_string(), pct(b), pct(more.at_least(r as u32))])
                    }).collect();
                    view! {
                        <p data-testid="odds-who">{format!("{}: attributes {attrs}, {counters} counter{} (stats −{}, rolls −{}, outcomes −{}); one more counter: stats −{}, rolls −{}, outcomes −{}. Mean result now {}; with one more counter {}.",
                            p.player, if counters == 1 { "" } else { "s" }, pen.stat, pen.roll, pen.outcome, pen2.stat, pen2.roll, pen2.outcome, mean(&now), mean(&more))}</p>
                        {chart(&now, &more, label)}
                        <p class="legend"><span class="key now"></span>" Now (solid)  "<span class="key more"></span>" With one more counter (striped)"</p>
                        {table(format!("{}'s {kind} roll: throws out of 216 giving each result", p.player), false, "odds-table",
                            &["Result", "Now", "Now, %", "Now, at least this", "One more counter", "One more, %", "One more, at least this"], rows)}
                    }
                })}
            </section>
        }
        .into_any()
    }
}
