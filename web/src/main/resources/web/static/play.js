// Click-to-move for a player's own game page. Loaded as a file (the Content-Security-Policy allows
// no inline script); without it the page works the same, by typing into the box.
//
// The form carries the legal first moves as JSON in data-moves: [[from, to, text, next?], ...].
// Picking a piece and then a square writes that move into the box as the referee writes it. In a
// turn of several moves the board shows each move made; a first move may carry the moves that can
// follow it (next, in the same shape), so the second is written as the game writes it too; moves
// after that, whose legality depends on those before, are written in long algebraic (Ng1-f3) for the
// referee to judge when the form is sent. In Momentum Chess each entry is a whole turn (the pieces
// in motion going on, and the one start or stop), and a piece in motion is stopped by picking its
// own square twice.
//
// The board works by keyboard as well: one square is in the tab order at a time, the arrow keys
// move between squares, Enter or Space picks and drops, Escape lets go, and a live line under the
// board says what was picked and what the turn holds so far.
(function () {
  'use strict';
  // After a form was sent, what became of it is read first: focus goes to the refusal or the confirmation.
  var outcome = document.getElementById('refusal') || document.getElementById('outcome');
  if (outcome && document.activeElement !== outcome) { outcome.focus(); }

  var form = document.getElementById('move-form');
  var board = document.getElementById('board');
  var field = document.getElementById('turn-text');
  var clear = document.getElementById('clear-moves');
  var status = document.getElementById('board-status');
  if (!form || !board || !field) { return; }

  function parsed(attribute, fallback) {
    try { return JSON.parse(form.getAttribute(attribute) || fallback); } catch (e) { return JSON.parse(fallback); }
  }
  var legal = parsed('data-moves', '[]');
  var names = parsed('data-pieces', '{}');
  var perTurn = parseInt(form.getAttribute('data-per-turn') || '0', 10);
  var joiner = form.getAttribute('data-joiner') || ' ';
  var side = form.getAttribute('data-side');
  if (!perTurn || legal.length === 0) { return; }

  var parts = [];          // the moves entered, in order
  var selected = null;     // the square picked first
  var followers = null;    // the moves that may follow the first one, when the page knows them
  var moved = [];          // {piece, square, transform} or {piece, hidden} to undo the drawing
  var squares = Array.prototype.slice.call(board.querySelectorAll('rect.sq'));
  board.classList.add('clickable');
  if (clear) { clear.hidden = false; }

  // The drawing is one picture until the board can be worked; then it is a group of square buttons.
  board.setAttribute('role', 'group');
  Array.prototype.forEach.call(board.querySelectorAll('g.piece'), function (p) {
    p.setAttribute('data-start', p.getAttribute('data-square'));
  });

  function say(text) { if (status) { status.textContent = text; } }
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
  function what(name) {
    var p = pieceOn(name);
    return p ? (names[p.getAttribute('data-start')] || (p.getAttribute('data-side') + ' piece')) : null;
  }
  // The entries the next pick is chosen from, or null when any move is written out and the referee judges it.
  function choices() {
    if (parts.length === 0) { return legal; }
    if (parts.length === 1 && followers) { return followers; }
    return null;
  }
  function movesFrom(from) {
    var list = choices();
    return list ? list.filter(function (m) { return m[0] === from; }) : null;
  }
  function list(words) {
    return words.length < 2 ? words.join('') : words.slice(0, -1).join(', ') + ' or ' + words[words.length - 1];
  }

  function label(r) {
    var name = r.getAttribute('data-square');
    var text = name + ', ' + (what(name) || 'empty');
    if (name === selected) { text += ', picked'; } else if (r.classList.contains('target')) { text += ', it can go here'; }
    r.setAttribute('aria-label', text);
  }
  function relabel() { squares.forEach(label); }

  function unmark() {
    var marked = board.querySelectorAll('rect.sq.selected, rect.sq.target');
    for (var i = 0; i < marked.length; i++) { marked[i].classList.remove('selected', 'target'); marked[i].removeAttribute('aria-pressed'); }
  }

  function select(name) {
    unmark();
    selected = name;
    var r = rect(name);
    if (r) { r.classList.add('selected'); r.setAttribute('aria-pressed', 'true'); }
    var from = movesFrom(name);
    var goes = [], stops = false;
    if (from) {
      from.forEach(function (m) {
        if (m[1] === name) { stops = true; return; }
        var t = rect(m[1]); if (t) { t.classList.add('target'); }
        goes.push(m[1]);
      });
    }
    relabel();
    var sentence = 'Picked the ' + what(name) + ' on ' + name + '.';
    if (from) {
      sentence += goes.length ? ' It can go to ' + list(goes) + '.' : '';
      sentence += stops ? ' Pick its own square again to stop it.' : '';
    } else {
      sentence += ' Now pick the square it goes to.';
    }
    say(sentence);
  }

  function letGo() { selected = null; unmark(); relabel(); }

  function shift(piece, from, to) {
    var a = rect(from), b = rect(to);
    if (!a || !b || from === to) { return; }
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
    moved = []; parts = []; followers = null; selected = null; unmark(); relabel();
  }

  function play(from, to) {
    var piece = pieceOn(from);
    var list = choices();
    var text, entry = null;
    if (list) {
      entry = list.filter(function (x) { return x[0] === from && x[1] === to; })[0];
      if (!entry) { return false; }
      text = entry[2];
    } else {
      if (!piece) { return false; }
      text = (piece.getAttribute('data-token') || '') + from + (pieceOn(to) ? 'x' : '-') + to;
    }
    followers = parts.length === 0 && entry && entry.length > 3 ? entry[3] : null;
    parts.push(text);
    if (piece) { shift(piece, from, to); }
    field.value = parts.join(joiner);
    return true;
  }

  function told(text) {
    if (parts.length >= perTurn) {
      say('Written: ' + text + '. The turn is complete: ' + field.value + '. Send it, or pick again to start over.');
    } else {
      // a schedule of 64 is "as many as the turn allows" (Swarm, Kazan): no count is worth saying then
      var next = perTurn < 64 ? ' (move ' + (parts.length + 1) + ' of ' + perTurn + ').' : ', or send the turn if it is complete.';
      say('Written: ' + text + '. The turn so far: ' + field.value + '. Pick the next piece' + next);
    }
  }

  function pick(name) {
    if (parts.length >= perTurn) { reset(); }
    var piece = pieceOn(name);
    var own = piece && piece.getAttribute('data-side') === side;
    if (name === selected) {
      var stop = (movesFrom(name) || []).some(function (m) { return m[1] === name; });
      if (stop && play(name, name)) { letGo(); told(parts[parts.length - 1]); return true; }
      letGo(); say('Nothing picked.');
      return false;
    }
    // another of one's own pieces is picked instead, unless the picked one may capture there
    var reaches = selected !== null && (movesFrom(selected) || []).some(function (m) { return m[1] === name; });
    if (selected === null || (own && !reaches)) {
      if (own) { select(name); return false; }
      if (selected === null) { say(name + ': ' + (what(name) ? 'the ' + what(name) + ' is not yours to move.' : 'empty. Pick one of your pieces first.')); }
      return false;
    }
    var from = selected;
    if (play(from, name)) { letGo(); told(parts[parts.length - 1]); return true; }
    say('The ' + what(from) + ' on ' + from + ' cannot go to ' + name + '.');
    return false;
  }

  board.addEventListener('click', function (event) {
    var name = squareAt(event.target);
    if (!name) { return; }
    if (pick(name)) { field.focus(); }
    focusSquare(name, false);
  });

  // Roving focus: one square is in the tab order; the arrow keys walk the board as it is drawn.
  var current = null;
  function focusSquare(name, move) {
    var r = rect(name);
    if (!r) { return; }
    squares.forEach(function (s) { s.setAttribute('tabindex', s === r ? '0' : '-1'); });
    current = name;
    if (move) { r.focus(); }
  }
  function neighbour(name, dx, dy) {
    var r = rect(name), size = r.width.baseVal.value;
    var x = r.x.baseVal.value + dx * size, y = r.y.baseVal.value + dy * size;
    for (var i = 0; i < squares.length; i++) {
      if (Math.abs(squares[i].x.baseVal.value - x) < 0.5 && Math.abs(squares[i].y.baseVal.value - y) < 0.5) {
        return squares[i].getAttribute('data-square');
      }
    }
    return null;
  }
  squares.forEach(function (r) { r.setAttribute('role', 'button'); r.setAttribute('tabindex', '-1'); });
  relabel();
  focusSquare(legal[0][0], false);
  var steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  board.addEventListener('keydown', function (event) {
    var name = squareAt(event.target);
    if (!name) { return; }
    if (steps[event.key]) {
      var next = neighbour(name, steps[event.key][0], steps[event.key][1]);
      if (next) { focusSquare(next, true); }
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      pick(name);
      event.preventDefault();
    } else if (event.key === 'Escape' && selected !== null) {
      letGo(); say('Nothing picked.');
      event.preventDefault();
    }
  });

  field.addEventListener('input', function () { reset(); });
  if (clear) { clear.addEventListener('click', function () { reset(); field.value = ''; say('The turn is cleared.'); field.focus(); }); }
})();
