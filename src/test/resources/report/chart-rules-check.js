// Run by headless Chromium inside a copy of a report (ReportChromiumIT): measures every chart as the
// browser lays it out and writes what it found as JSON into a pre element (id layout-check) at the
// end of the body. The rules
// (docs/STORE.md "results report"): sizes on a base-2 log axis with binary ticks, rates on
// decimal-prefixed ticks, axis titles in words with units, settings never on an axis, a log y axis
// exactly when the data span more than two decades, every series its own palette colour with a
// legend entry and one colour per name across the report, every text inside its chart, tables that
// fit the page. PALETTE is replaced by the test with the report's palette.
(function () {
  const PALETTE = __PALETTE__;
  const out = {charts: 0, texts: 0, problems: [], sizeAxes: 0, rateAxes: 0, rateValueAxes: 0, logY: 0, linearY: 0,
    legendEntries: 0, barCharts: 0, captions: [], axisTitles: [], tables: 0, colours: {}};
  const PREFIX = {'': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15};
  const UNITS = {B: 1, KiB: 1024, MiB: 1048576, GiB: 1073741824, TiB: 1099511627776};
  const SETTINGS = /iteration|repetition|duration|warm-?up|per size|omit/i;
  function rate(t) {
    const m = /^(-?\d+(?:\.\d+)?) ([kMGTP]?)(bit\/s|IOPS|msg\/s|trans\/s)$/.exec(t);
    return m ? {v: Number(m[1]) * PREFIX[m[2]], n: Number(m[1])} : null;
  }
  function size(t) {
    const m = /^(\d+) (B|KiB|MiB|GiB|TiB)$/.exec(t);
    return m ? Number(m[1]) * UNITS[m[2]] : null;
  }
  function plain(t) {
    return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
  }
  // How far a printed figure may be from the value it rounds: half a unit of its last digit, relative
  function rounding(t) {
    const m = /^-?(\d+)(?:\.(\d+))?/.exec(t);
    if (!m) return 0;
    const n = Number(m[0]);
    return n === 0 ? 0 : 0.5 * Math.pow(10, -(m[2] ? m[2].length : 0)) / Math.abs(n);
  }
  function value(t) {
    const r = rate(t);
    if (r) return r.v;
    const s = size(t);
    return s != null ? s : plain(t);
  }
  function hex(css) {
    const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(css || '');
    return m ? '#' + [1, 2, 3].map(i => Number(m[i]).toString(16).padStart(2, '0')).join('').toUpperCase() : null;
  }
  // Whether tick positions follow f(value) linearly (log10 for a log axis, the identity for a linear one).
  function evenIn(ticks, f) {
    const k = [];
    for (let i = 1; i < ticks.length; i++) {
      const d = f(ticks[i].v) - f(ticks[i - 1].v);
      if (d === 0) return false;
      k.push((ticks[i].p - ticks[i - 1].p) / d);
    }
    const lo = Math.min(...k), hi = Math.max(...k);
    return k.length > 0 && Math.abs(hi - lo) <= 0.03 * Math.max(Math.abs(hi), Math.abs(lo));
  }
  function centre(r) { return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2}; }
  function colourOf(el) {
    for (let e = el; e && e.tagName !== 'svg'; e = e.parentElement) {
      const st = e.getAttribute('style') || '';
      const fill = /fill:\s*(rgb\([^)]*\))/.exec(st);
      if (fill && hex(fill[1]) !== '#FFFFFF') return hex(fill[1]);
      const stroke = /stroke:\s*(rgb\([^)]*\))/.exec(st);
      if (stroke) return hex(stroke[1]);
    }
    return null;
  }
  const byName = {};
  document.querySelectorAll('figure.chart').forEach(function (fig, i) {
    const title = fig.querySelector('figcaption').firstChild.textContent;
    const where = 'chart ' + (i + 1) + ' (' + title + ')';
    const bad = p => out.problems.push(where + ': ' + p);
    out.charts++;
    const svg = fig.querySelector('svg');
    const box = svg.getBoundingClientRect();
    const s = box.width / svg.viewBox.baseVal.width;
    let plot = null;
    svg.querySelectorAll('rect').forEach(r => {
      if (/fill:\s*rgb\(247,\s*247,\s*247\)/.test(r.getAttribute('style') || '')) plot = r.getBoundingClientRect();
    });
    if (!plot) { bad('no plot area'); return; }
    const settings = fig.querySelector('figcaption .settings');
    if (settings) out.captions.push(settings.textContent);
    const texts = [...svg.querySelectorAll('text')].map(t => ({s: t.textContent.trim(), r: t.getBoundingClientRect(),
      px: parseFloat(t.style.fontSize || getComputedStyle(t).fontSize), rotated: !!t.closest('g[transform]')}));
    texts.forEach(t => {
      out.texts++;
      if (t.r.left < box.left - 1 || t.r.right > box.right + 1 || t.r.top < box.top - 1 || t.r.bottom > box.bottom + 1) {
        bad('text outside its chart: ' + t.s);
      }
      if (/\d[eE][-+]?\d/.test(t.s)) bad('a number in E-notation: ' + t.s);
    });
    const xTicks = texts.filter(t => t.px === 12 && !t.rotated && centre(t.r).y > plot.bottom
        && centre(t.r).y < plot.bottom + 28 * s && centre(t.r).x >= plot.left - 1 && centre(t.r).x <= plot.right + 1)
        .sort((a, b) => a.r.left - b.r.left);
    const yTicks = texts.filter(t => t.px === 12 && !t.rotated && t.r.right <= plot.left + 2
        && centre(t.r).y >= plot.top - 8 * s && centre(t.r).y <= plot.bottom + 8 * s);
    const xTitle = texts.find(t => t.px === 13 && !t.rotated && t.r.top > plot.bottom);
    const yTitle = texts.find(t => t.px === 13 && t.rotated);
    const legend = texts.filter(t => t.px === 12 && !t.rotated && t.r.top > plot.bottom + 28 * s);
    // axis titles: words with units, never a setting
    for (const [axis, t] of [['x', xTitle], ['y', yTitle]]) {
      if (!t) {
        if (axis === 'y' || xTicks.some(x => value(x.s) != null)) bad('no ' + axis + ' axis title');
        continue;
      }
      out.axisTitles.push(t.s);
      if (!/^[A-Z]/.test(t.s) || /[a-z][A-Z]/.test(t.s) || /[_=]/.test(t.s)) bad(axis + ' axis title is not words: ' + t.s);
      if (SETTINGS.test(t.s)) bad('a setting on the ' + axis + ' axis: ' + t.s);
    }
    // x ticks: sizes on a base-2 log axis in binary units, rates with a decimal prefix
    for (let k = 1; k < xTicks.length; k++) {
      if (xTicks[k].r.left < xTicks[k - 1].r.right - 1) bad('x ticks overlap: ' + xTicks[k - 1].s + ' / ' + xTicks[k].s);
    }
    const xt = xTicks.map(t => ({s: t.s, p: centre(t.r).x, v: value(t.s), size: size(t.s), rate: rate(t.s)}));
    const xTitleText = xTitle ? xTitle.s : '';
    if (xt.length > 0 && xt.every(t => t.size != null)) {
      out.sizeAxes++;
      if (!/\(bytes\)$/.test(xTitleText)) bad('sizes on an axis without "(bytes)": ' + xTitleText);
      if (!xt.every(t => Number.isInteger(Math.log2(t.v)))) bad('size ticks not powers of two: ' + xt.map(t => t.s));
      if (xt.length < 2 || !evenIn(xt, Math.log2)) bad('size axis not base-2 logarithmic: ' + xt.map(t => t.s));
    } else if (/\(bytes\)/.test(xTitleText) || xt.some(t => /^\d+ [KMGT]$/.test(t.s))) {
      bad('a size axis without binary size ticks: ' + xt.map(t => t.s));
    }
    if (xt.length > 0 && xt.every(t => t.rate)) {
      out.rateAxes++;
      if (!/\(bit\/s\)$/.test(xTitleText)) bad('rates on an axis without "(bit/s)": ' + xTitleText);
      xt.filter(t => t.rate.n < 1 && t.rate.v !== 0).forEach(t => bad('rate tick in too large a unit: ' + t.s));
    } else if (/bit\/s/.test(xTitleText)) {
      bad('a rate axis without decimal-prefixed ticks: ' + xt.map(t => t.s));
    }
    for (let k = 1; k < xt.length; k++) {
      if (xt[k].v != null && xt[k - 1].v != null && xt[k].v <= xt[k - 1].v) bad('x ticks out of order: ' + xt.map(t => t.s));
    }
    // y ticks: rates with a prefix that suits them; a log axis exactly when the data span > 2 decades
    const yt = yTicks.map(t => ({s: t.s, p: -centre(t.r).y, v: value(t.s), rate: rate(t.s)})).sort((a, b) => a.p - b.p);
    const yTitleText = yTitle ? yTitle.s : '';
    const rateAxis = /\/s\)|per second/.test(yTitleText);
    if (rateAxis) {
      out.rateValueAxes++;
      yt.filter(t => !t.rate).forEach(t => bad('rate axis tick without a decimal prefix and unit: ' + t.s));
      yt.filter(t => t.rate && t.rate.n < 1 && t.rate.v !== 0).forEach(t => bad('rate tick in too large a unit: ' + t.s));
    } else {
      yt.filter(t => plain(t.s) == null).forEach(t => bad('y tick is not a number: ' + t.s));
    }
    const next = fig.nextElementSibling;
    const table = next && (next.tagName === 'TABLE' ? next : next.querySelector('table'));
    if (!table) { bad('no table beside the chart'); return; }
    const data = [];
    table.querySelectorAll('tr').forEach((tr, r) => {
      if (r === 0) return;
      // a second value axis' columns (class y2) are read against the right axis, not the left
      [...tr.querySelectorAll('td')].slice(1).filter(td => !td.classList.contains('y2')).forEach(td => {
        const text = td.textContent.trim();
        const v = value(text);
        if (v != null && v > 0) data.push({v: v, e: rounding(text)});
      });
    });
    // the span from the table's printed figures, and how far their rounding can move it: the builder
    // chose from the raw values, so near the line (two decades) either axis can be right (a live lat
    // sweep's rounded figures read as just over 100× in CI while its raw ones were not, 2026-12-05)
    const hi = data.reduce((a, d) => d.v > a.v ? d : a, {v: -Infinity, e: 0});
    const lo = data.reduce((a, d) => d.v < a.v ? d : a, {v: Infinity, e: 0});
    const span = data.length ? hi.v / lo.v : 1;
    const spanAtLeast = data.length ? hi.v * (1 - hi.e) / (lo.v * (1 + lo.e)) : 1;
    const spanAtMost = data.length ? hi.v * (1 + hi.e) / (lo.v * (1 - Math.min(lo.e, 0.5))) : 1;
    if (yt.length < 3) {
      bad('fewer than 3 y ticks: ' + yt.map(t => t.s));
    } else if (spanAtLeast > 100) {
      out.logY++;
      if (!evenIn(yt, Math.log10)) bad('data span ' + Math.round(span) + '× but the y axis is not logarithmic: ' + yt.map(t => t.s));
    } else if (spanAtMost <= 100) {
      out.linearY++;
      if (!evenIn(yt, v => v)) bad('data span ' + span.toFixed(1) + '× but the y axis is not linear: ' + yt.map(t => t.s));
    } else if (evenIn(yt, Math.log10)) {
      out.logY++; // at the line itself: the table's rounded figures cannot tell which side the data fell
    } else {
      out.linearY++;
      if (!evenIn(yt, v => v)) bad('data span ' + span.toFixed(1) + '× and the y axis neither linear nor logarithmic: ' + yt.map(t => t.s));
    }
    // series: every table column is a legend entry with its own palette colour, drawn in the plot
    const names = [...table.querySelectorAll('tr:first-child th')].slice(1).map(th => th.textContent.trim());
    const shapes = [...svg.querySelectorAll('path, rect, line, polyline')].map(e => ({e: e, r: e.getBoundingClientRect()}));
    const inChart = new Set();
    if (xt.length > 0 && xt.every(t => t.v == null)) out.barCharts++;
    names.forEach(name => {
      const text = legend.find(t => t.s === name);
      if (!text) { bad('series "' + name + '" has no legend entry'); return; }
      out.legendEntries++;
      const mid = centre(text.r).y;
      const swatch = shapes.filter(x => x.r.right <= text.r.left + 2 && x.r.right >= text.r.left - 30 * s
          && x.r.top <= mid + 3 && x.r.bottom >= mid - 3 && x.r.width < 30 * s).map(x => colourOf(x.e)).find(c => c);
      if (!swatch) { bad('legend entry "' + name + '" has no colour'); return; }
      if (!PALETTE.includes(swatch)) bad('"' + name + '" in ' + swatch + ', not a palette colour');
      if (inChart.has(swatch)) bad('two series share ' + swatch + ' (' + name + ')');
      inChart.add(swatch);
      if (byName[name] && byName[name] !== swatch) bad('"' + name + '" is ' + swatch + ' here but ' + byName[name] + ' elsewhere');
      byName[name] = swatch;
      const drawn = shapes.some(x => colourOf(x.e) === swatch && x.r.left >= plot.left - 1 && x.r.right <= plot.right + 1
          && x.r.top >= plot.top - 1 && x.r.bottom <= plot.bottom + 1 && (x.r.width > 2 || x.r.height > 2));
      if (!drawn) bad('series "' + name + '" is not drawn in its legend colour ' + swatch);
    });
  });
  out.colours = byName;
  // tables fit the page: nothing scrolls the page sideways; a wide table scrolls inside its own box
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) out.problems.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window');
  document.querySelectorAll('table').forEach(function (t, i) {
    out.tables++;
    const holder = t.closest('div.table') || t;
    const r = holder.getBoundingClientRect();
    if (r.right > width + 1) out.problems.push('table ' + (i + 1) + ' reaches past the page (' + Math.round(r.right) + ' px)');
    if (t.getBoundingClientRect().width > r.width + 1 && !/auto|scroll/.test(getComputedStyle(holder).overflowX)) {
      out.problems.push('table ' + (i + 1) + ' is wider than its box and does not scroll');
    }
  });
  const pre = document.createElement('pre');
  pre.id = 'layout-check';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
