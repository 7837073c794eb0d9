"""A line chart of values over the plies of a game, drawn as SVG; a click picks a ply.

Generic on purpose (the replay viewer shows both stores, the game review
shows the computer's evaluation too):

    chart = ChartView(container, on_select=lambda ply: ...)
    chart.render([{"name": "South store", "values": [0, 1, ...], "cls": "south"},
                  {"name": "North store", "values": [...], "cls": "north"}], current_ply=12)

`values[i]` is the value after ply i (values[0]: the start). A value may be
None where a series has no figure for that ply (a gap). All series share one
vertical scale; a zero line is drawn when values go below zero. Each series
gets the CSS class `chart-line chart-<cls>`; static/css/chart.css styles them
(a page that shows a chart links it).
"""

from pyscript import document

from kalah.web.common.dom import clear, listen

SVG = "http://www.w3.org/2000/svg"
WIDTH = 600
HEIGHT = 150
PAD_X = 8
PAD_Y = 10


def svg(tag, attrs=None):
    node = document.createElementNS(SVG, tag)
    if attrs:
        for name in attrs:
            node.setAttribute(name, str(attrs[name]))
    return node


class ChartView:
    def __init__(self, container, on_select=None):
        self.container = container
        self.on_select = on_select
        self.plies = 0
        self.root = svg("svg", {"viewBox": "0 0 %d %d" % (WIDTH, HEIGHT), "class": "chart",
                                "preserveAspectRatio": "none", "role": "img"})
        self.title = svg("title")
        self.root.appendChild(self.title)
        self.layer = svg("g")
        self.root.appendChild(self.layer)
        self.marker = svg("line", {"class": "chart-marker", "y1": 0, "y2": HEIGHT})
        self.root.appendChild(self.marker)
        self.legend = document.createElement("p")
        self.legend.className = "chart-legend"
        clear(container)
        container.appendChild(self.root)
        container.appendChild(self.legend)
        listen(self.root, "click", self._clicked)

    def _x(self, ply):
        if self.plies <= 0:
            return PAD_X
        return PAD_X + (WIDTH - 2 * PAD_X) * ply / self.plies

    def render(self, series, current_ply=0):
        values = [v for s in series for v in s["values"] if v is not None]
        low = min([0] + values)
        high = max([1] + values)
        self.plies = max([1] + [len(s["values"]) - 1 for s in series])
        span = high - low

        def y(value):
            return HEIGHT - PAD_Y - (HEIGHT - 2 * PAD_Y) * (value - low) / span

        clear(self.layer)
        if low < 0:
            self.layer.appendChild(svg("line", {"class": "chart-zero", "x1": PAD_X, "x2": WIDTH - PAD_X,
                                                "y1": y(0), "y2": y(0)}))
        names = []
        for s in series:
            points = []
            segments = []
            for ply, value in enumerate(s["values"]):
                if value is None:
                    if points:
                        segments.append(points)
                    points = []
                    continue
                points.append("%.1f,%.1f" % (self._x(ply), y(value)))
            if points:
                segments.append(points)
            for points in segments:
                self.layer.appendChild(svg("polyline", {"class": "chart-line chart-" + s.get("cls", "line"),
                                                        "points": " ".join(points)}))
            last = [v for v in s["values"] if v is not None]
            names.append((s["name"], s.get("cls", "line"), last[-1] if last else None))
        self._legend(names)
        self.mark(current_ply)
        self.title.textContent = "Chart over %d plies: %s" % (self.plies, "; ".join(
            "%s ends at %s" % (n[0], n[2]) for n in names))

    def _legend(self, names):
        clear(self.legend)
        for name, cls, _ in names:
            item = document.createElement("span")
            item.className = "chart-key chart-key-" + cls
            item.textContent = name
            self.legend.appendChild(item)

    def mark(self, ply):
        x = self._x(max(0, min(ply, self.plies)))
        self.marker.setAttribute("x1", "%.1f" % x)
        self.marker.setAttribute("x2", "%.1f" % x)

    def _clicked(self, event):
        box = self.root.getBoundingClientRect()
        if not box.width:
            return
        fraction = (event.clientX - box.left) / box.width
        x = fraction * WIDTH
        ply = int(round((x - PAD_X) / (WIDTH - 2 * PAD_X) * self.plies))
        ply = max(0, min(self.plies, ply))
        if self.on_select is not None:
            self.on_select(ply)
