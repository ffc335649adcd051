// The atlas page's fixed text: index.html around the data scripts, atlas.js and atlas.css. The
// page fetches nothing: the worlds' data are scripts (data/worldN.js) that push onto RGX_ATLAS, as
// a page opened from file:// may load scripts and images but not read JSON.

#include "app/map/atlas_site.h"

namespace rgx::app {

const char* atlasIndexHtmlHead() {
    return R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rgx atlas</title>
<link rel="stylesheet" href="leaflet/leaflet.css">
<link rel="stylesheet" href="atlas.css">
<script src="leaflet/leaflet.js"></script>
<script>window.RGX_ATLAS = {worlds: []};</script>
)";
}

const char* atlasIndexHtmlTail() {
    return R"(</head>
<body>
<div id="side">
  <h1>rgx atlas</h1>
  <label>World <select id="world"></select></label>
  <input id="search" type="search" placeholder="Search markers by name, model, kind" autocomplete="off">
  <ul id="results"></ul>
  <div id="legend"></div>
  <div id="rgx-status"></div>
</div>
<div id="map"></div>
<script src="atlas.js"></script>
</body>
</html>
)";
}

const char* atlasScript() {
    return R"JS((function () {
  'use strict';
  // What a test reads back from the page (docs/map.md): errors (uncaught, failed loads, console.error
  // and console.warn), tiles loaded and failed, markers, the automap layer (none, off, on; loaded).
  var status = {world: null, errors: 0, tilesLoaded: 0, tileErrors: 0, markers: 0, lastError: '',
                automap: 'none', automapLoaded: 0};
  var statusEl = document.getElementById('rgx-status');
  function report() {
    statusEl.setAttribute('data-world', String(status.world));
    statusEl.setAttribute('data-errors', String(status.errors));
    statusEl.setAttribute('data-tiles-loaded', String(status.tilesLoaded));
    statusEl.setAttribute('data-tile-errors', String(status.tileErrors));
    statusEl.setAttribute('data-markers', String(status.markers));
    statusEl.setAttribute('data-automap', status.automap);
    statusEl.setAttribute('data-automap-loaded', String(status.automapLoaded));
    statusEl.textContent = status.markers + ' markers, ' + status.tilesLoaded + ' tiles' +
      (status.errors ? ', ' + status.errors + ' errors: ' + status.lastError : '');
  }
  window.addEventListener('error', function (e) {
    status.errors++;
    status.lastError = String(e.message || (e.target && (e.target.src || e.target.href)) || 'error');
    report();
  }, true);
  ['error', 'warn'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      status.errors++;
      status.lastError = Array.prototype.join.call(arguments, ' ');
      report();
      original.apply(console, arguments);
    };
  });

  var colors = {actor: '#eb3228', static: '#ebebeb', flat: '#46c846', light: '#ffd700',
                marker: '#00d7ff', location: '#ff8c00', rope: '#a56eff'};
  var worlds = window.RGX_ATLAS.worlds;
  var picker = document.getElementById('world');
  var search = document.getElementById('search');
  var results = document.getElementById('results');
  var legend = document.getElementById('legend');
  Object.keys(colors).forEach(function (kind) {
    var row = document.createElement('div');
    var dot = document.createElement('span');
    dot.className = 'dot';
    dot.style.background = colors[kind];
    row.appendChild(dot);
    row.appendChild(document.createTextNode(kind));
    legend.appendChild(row);
  });
  worlds.forEach(function (w, i) {
    var option = document.createElement('option');
    option.value = String(i);
    option.textContent = w.title;
    picker.appendChild(option);
  });

  var map = L.map('map', {crs: L.CRS.Simple, minZoom: 0, zoomSnap: 1, attributionControl: true});
  map.attributionControl.setPrefix('<a href="leaflet/LICENSE">Leaflet</a>');
  var tiles = null, markerLayer = null, entries = [];
  // A Daggerfall town's RMB automap: a picture in a pane of its own, above the tiles and below
  // the markers, that the layer control switches on and off (docs/map.md).
  var automap = null, layers = null;
  map.createPane('automap').style.zIndex = 350;

  function text(value) { return String(value).replace(/[&<>"]/g, function (c) {
    return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]; }); }
  function popup(p) {
    var e = p.engine;
    return '<b>' + text(p.name || '(unnamed)') + '</b><br>' + text(p.kind) + ', ' + text(p.record.section) +
      ' ' + p.record.index + (p.record.file ? ' in ' + text(p.record.file) : '') +
      (p.model ? '<br>model ' + text(p.model) : '') +
      (p.script ? '<br>script ' + text(p.script) : '') +
      '<br>engine ' + e.map(function (v) { return v.toFixed(0); }).join(', ');
  }

  function show(index) {
    var w = worlds[index];
    if (!w) return;
    if (tiles) map.removeLayer(tiles);
    if (markerLayer) map.removeLayer(markerLayer);
    if (automap) map.removeLayer(automap);
    if (layers) layers.remove();
    automap = null;
    layers = null;
    status.world = w.id;
    status.markers = 0;
    status.automap = 'none';
    status.automapLoaded = 0;
    var bounds = L.latLngBounds([[-256, 0], [0, 256]]);
    tiles = L.tileLayer(w.tiles + '/{z}/{x}/{y}.png', {
      tileSize: 256, noWrap: true, bounds: bounds, minZoom: 0, maxNativeZoom: w.levels - 1,
      maxZoom: w.levels + 1, attribution: text(w.title) + ', drawn by rgx (' + text(w.look) + ')'});
    tiles.on('tileload', function () { status.tilesLoaded++; report(); });
    tiles.on('tileerror', function (e) {
      status.tileErrors++;
      status.errors++;
      status.lastError = 'tile ' + (e.coords ? e.coords.z + '/' + e.coords.x + '/' + e.coords.y : '?');
      report();
    });
    map.setMaxZoom(w.levels + 1);
    tiles.addTo(map);
    entries = [];
    markerLayer = L.geoJSON(w.markers, {
      pointToLayer: function (feature, latlng) {
        var p = feature.properties;
        var m = L.circleMarker(latlng, {radius: 4, weight: 1, color: '#000', fillOpacity: 1,
                                        fillColor: colors[p.kind] || '#fff', className: 'rgx-marker'});
        m.bindPopup(popup(p));
        entries.push({props: p, layer: m, latlng: latlng});
        status.markers++;
        return m;
      }
    }).addTo(map);
    if (w.automap) {
      automap = L.imageOverlay(w.automap.image, w.automap.bounds,
                               {pane: 'automap', opacity: 0.85, interactive: false, className: 'rgx-automap'});
      automap.on('add', function () { status.automap = 'on'; report(); });
      automap.on('remove', function () { status.automap = 'off'; report(); });
      automap.on('load', function () { status.automapLoaded = 1; report(); });
      automap.on('error', function () {
        status.errors++;
        status.lastError = 'automap ' + w.automap.image;
        report();
      });
      status.automap = 'off';
      layers = L.control.layers(null, {'RMB automap': automap}, {collapsed: false}).addTo(map);
      if (/automap=1/.test(window.location.hash)) automap.addTo(map);
    }
    map.fitBounds(bounds);
    picker.value = String(index);
    filter();
    report();
  }

  function fly(entry) {
    map.setView(entry.latlng, worlds[Number(picker.value)].levels - 1);
    entry.layer.openPopup();
  }

  function filter() {
    var q = search.value.trim().toLowerCase();
    results.innerHTML = '';
    if (!q) return;
    var shown = 0;
    entries.forEach(function (e) {
      var p = e.props;
      var hay = [p.name, p.model, p.kind, p.record.section, p.script || ''].join(' ').toLowerCase();
      if (hay.indexOf(q) < 0 || shown >= 100) return;
      shown++;
      var li = document.createElement('li');
      li.textContent = (p.name || '(unnamed)') + ' (' + p.kind + ')';
      li.addEventListener('click', function () { fly(e); });
      results.appendChild(li);
    });
  }
  search.addEventListener('input', filter);
  search.addEventListener('keydown', function (ev) {
    if (ev.key !== 'Enter') return;
    var q = search.value.trim().toLowerCase();
    var first = entries.filter(function (e) {
      var p = e.props;
      return [p.name, p.model, p.kind, p.record.section, p.script || ''].join(' ').toLowerCase().indexOf(q) >= 0;
    })[0];
    if (first) fly(first);
  });
  picker.addEventListener('change', function () { show(Number(picker.value)); });

  // #world=ID picks a world, &zoom=Z a zoom and &automap=1 shows a town's automap (links; the tests).
  var wanted = /world=(-?\d+)/.exec(window.location.hash);
  var zoom = /zoom=(\d+)/.exec(window.location.hash);
  var start = 0;
  if (wanted) worlds.forEach(function (w, i) { if (String(w.id) === wanted[1]) start = i; });
  if (worlds.length) {
    show(start);
    if (zoom) map.setView([-128, 128], Number(zoom[1]));
  } else { status.lastError = 'no worlds'; report(); }
  // The page's one console line: a test of the page knows the console is heard (docs/map.md).
  console.info('rgx-atlas-ready');
})();
)JS";
}

const char* atlasStyle() {
    return R"(html, body { margin: 0; height: 100%; font: 13px sans-serif; }
#side { position: absolute; top: 0; left: 0; bottom: 0; width: 260px; padding: 8px; box-sizing: border-box;
        overflow: auto; background: #20242a; color: #ddd; }
#side h1 { font-size: 16px; margin: 0 0 8px; }
#side select, #side input { width: 100%; box-sizing: border-box; margin: 4px 0; }
#results { list-style: none; padding: 0; margin: 4px 0; }
#results li { cursor: pointer; padding: 2px 0; }
#results li:hover { color: #fff; text-decoration: underline; }
#legend .dot { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 6px;
               border: 1px solid #000; }
#rgx-status { margin-top: 8px; color: #999; }
.rgx-automap { image-rendering: pixelated; }
#map { position: absolute; top: 0; left: 260px; right: 0; bottom: 0; background: #000; }
)";
}

} // namespace rgx::app
