// Seeded big runs for the browser tests, with their MAP and MRR computed
// here from the definitions (independently of the app).

/** A seeded run (queries x docs, scores falling, so the ranking is the file
 * order), its qrels, and each query's AP, RR and nDCG@10 (linear gain,
 * 1/log2(r+1), ideal from every judgment) from their definitions (`ap`,
 * `rr`, `ndcg10`) with their means (`map`, `mrr`), its documents retrieved
 * (`ret`) and query ids (`ids`), in query order. `padQrels` more judgments
 * of grade 0 per query, of documents not retrieved (the values do not
 * change), and at qrels line `badQrelsLine` (one of them) a bad grade. */
export function corpus(queries, docs, { badLine = 0, repeatFirst = false, padQrels = 0, badQrelsLine = 0 } = {}) {
  let x = 12345;
  const rnd = (m) => { x = (x * 1103515245 + 12345) % 2147483648; return (x >> 8) % m; };
  const lines = [];
  const qrels = [];
  const ap = [];
  const rr = [];
  const ret = [];
  const ndcg10 = [];
  const ids = [];
  for (let q = 0; q < queries; q++) {
    const qid = `Q${String(q).padStart(5, '0')}`;
    const relevant = new Set();
    for (let k = 0; k < 12; k++) relevant.add(rnd(docs + 200)); // some beyond the ranking
    const grade = new Map();
    for (const d of relevant) {
      grade.set(d, 1 + rnd(3));
      qrels.push(`${qid} 0 D${d} ${grade.get(d)}`);
    }
    qrels.push(`${qid} 0 D${docs + 500} 0`);
    for (let k = 0; k < padQrels; k++) {
      qrels.push(qrels.length + 1 === badQrelsLine ? `${qid} 0 N${k} zero` : `${qid} 0 N${k} 0`);
    }
    const ideal = [...grade.values()].sort((a, b) => b - a).slice(0, 10);
    const idcg = ideal.reduce((a, g, i) => a + g / Math.log2(i + 2), 0);
    let dcg = 0;
    let hits = 0, sum = 0, first = 0, rank = 0;
    for (let r = 1; r <= docs; r++) {
      const d = r - 1;
      const score = (docs - r + 1) / 10;
      if (lines.length + 1 === badLine) {
        // A bad score: the line is refused, so the document is not ranked.
        lines.push(`${qid} Q0 D${d} ${r} x${score} big`);
        continue;
      }
      lines.push(`${qid} Q0 D${d} ${r} ${score} big`);
      rank++;
      if (relevant.has(d)) { hits++; sum += hits / rank; if (!first) first = rank; }
      if (relevant.has(d) && rank <= 10) dcg += grade.get(d) / Math.log2(rank + 1);
    }
    ap.push(sum / relevant.size);
    rr.push(first ? 1 / first : 0);
    ret.push(rank);
    ndcg10.push(dcg / idcg);
    ids.push(qid);
  }
  // The first query again at the end, with a document scored below all its others.
  if (repeatFirst) lines.push(`Q00000 Q0 Dextra ${docs + 1} 0 big`);
  const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
  return { run: lines.join('\n') + '\n', qrels: qrels.join('\n') + '\n', map: mean(ap), mrr: mean(rr), ap, rr, ndcg10, ret, ids };
}

