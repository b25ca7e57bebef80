// Click-to-move for a player's own game page. Loaded as a file (the Content-Security-Policy allows
// no inline script); without it the page works the same, by typing into the box.
//
// The form carries the legal first moves as JSON in data-moves: [[from, to, san], ...]. Clicking a
// piece and then a square writes that move into the box in SAN. In a turn of several moves the
// board shows the move made, and the next moves (whose legality depends on the first) are written
// in long algebraic, Ng1-f3, for the referee to judge when the form is sent.
(function () {
  'use strict';
  // After a form was sent, what became of it is read first: focus goes to the refusal or the confirmation.
  var outcome = document.getElementById('refusal') || document.getElementById('outcome');
  if (outcome && document.activeElement !== outcome) { outcome.focus(); }

  var form = document.getElementById('move-form');
  var board = document.getElementById('board');
  var field = document.getElementById('turn-text');
  var clear = document.getElementById('clear-moves');
  if (!form || !board || !field) { return; }

  var legal = [];
  try { legal = JSON.parse(form.getAttribute('data-moves') || '[]'); } catch (e) { legal = []; }
  var perTurn = parseInt(form.getAttribute('data-per-turn') || '0', 10);
  var joiner = form.getAttribute('data-joiner') || ' ';
  var side = form.getAttribute('data-side');
  if (!perTurn || legal.length === 0) { return; }

  var parts = [];          // the moves entered by clicking, in order
  var selected = null;     // the square clicked first
  var moved = [];          // {piece, from, transform} to undo the drawing
  board.classList.add('clickable');
  if (clear) { clear.hidden = false; }

  function squareAt(el) {
    while (el && el !== board) {
      if (el.getAttribute && el.getAttribute('data-square')) { return el.getAttribute('data-square'); }
      el = el.parentNode;
    }
    return null;
  }
  function rect(name) { return board.querySelector('rect.sq[data-square="' + name + '"]'); }
  function pieceOn(name) {
    var all = board.querySelectorAll('g.piece');
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute('data-square') === name && all[i].style.display !== 'none') { return all[i]; }
    }
    return null;
  }
  function unmark() {
    var marked = board.querySelectorAll('rect.sq.selected, rect.sq.target');
    for (var i = 0; i < marked.length; i++) { marked[i].classList.remove('selected', 'target'); }
  }
  function firstMoves(from) { return legal.filter(function (m) { return m[0] === from; }); }

  function select(name) {
    unmark();
    selected = name;
    var r = rect(name);
    if (r) { r.classList.add('selected'); }
    if (parts.length === 0) {
      firstMoves(name).forEach(function (m) { var t = rect(m[1]); if (t) { t.classList.add('target'); } });
    }
  }

  function shift(piece, from, to) {
    var a = rect(from), b = rect(to);
    if (!a || !b) { return; }
    var dx = b.x.baseVal.value - a.x.baseVal.value, dy = b.y.baseVal.value - a.y.baseVal.value;
    var captured = pieceOn(to);
    if (captured && captured !== piece) { captured.style.display = 'none'; moved.push({ piece: captured, hidden: true }); }
    moved.push({ piece: piece, square: piece.getAttribute('data-square'), transform: piece.getAttribute('transform') });
    var old = piece.getAttribute('data-dx') ? [parseFloat(piece.getAttribute('data-dx')), parseFloat(piece.getAttribute('data-dy'))] : [0, 0];
    piece.setAttribute('data-dx', old[0] + dx);
    piece.setAttribute('data-dy', old[1] + dy);
    piece.setAttribute('transform', 'translate(' + (old[0] + dx) + ' ' + (old[1] + dy) + ')');
    piece.setAttribute('data-square', to);
  }

  function reset() {
    for (var i = moved.length - 1; i >= 0; i--) {
      var m = moved[i];
      if (m.hidden) { m.piece.style.display = ''; continue; }
      m.piece.setAttribute('data-square', m.square);
      if (m.transform) { m.piece.setAttribute('transform', m.transform); } else { m.piece.removeAttribute('transform'); }
      m.piece.removeAttribute('data-dx'); m.piece.removeAttribute('data-dy');
    }
    moved = []; parts = []; selected = null; unmark();
  }

  function play(from, to) {
    var piece = pieceOn(from);
    var text;
    if (parts.length === 0) {
      var m = legal.filter(function (x) { return x[0] === from && x[1] === to; })[0];
      if (!m) { return false; }
      text = m[2];
    } else {
      if (!piece) { return false; }
      var capture = pieceOn(to) ? 'x' : '-';
      text = (piece.getAttribute('data-token') || '') + from + capture + to;
    }
    parts.push(text);
    if (piece) { shift(piece, from, to); }
    field.value = parts.join(joiner);
    return true;
  }

  board.addEventListener('click', function (event) {
    var name = squareAt(event.target);
    if (!name) { return; }
    if (parts.length >= perTurn) { reset(); }
    var piece = pieceOn(name);
    var own = piece && piece.getAttribute('data-side') === side;
    if (selected === null || (own && name !== selected && !(parts.length === 0 && firstMoves(selected).some(function (m) { return m[1] === name; })))) {
      if (own) { select(name); }
      return;
    }
    if (name === selected) { selected = null; unmark(); return; }
    if (play(selected, name)) { selected = null; unmark(); field.focus(); }
  });

  field.addEventListener('input', function () { reset(); });
  if (clear) { clear.addEventListener('click', function () { reset(); field.value = ''; field.focus(); }); }
})();
