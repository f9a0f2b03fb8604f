extension BarChart {
    /// The chart as an `<svg>` element `width` points wide, named `id`
    /// (unique on its page): `role="img"` with a `<title>` and a `<desc>`
    /// that says every figure, labels and counts written as text beside
    /// each bar, so that it reads without colour. `fill` is the bars'
    /// colour, dark enough against white for WCAG's 3:1. Without
    /// `heading`, the title and the lines are left to the page around it
    /// (the owner's summary page writes them as HTML) and only the bars
    /// are drawn; the `<title>` and `<desc>` stay.
    public func svg(id: String, width: Int = 640, fill: String = "#1f5fa8", heading: Bool = true) -> String {
        svg(id: id, width: width, fill: fill, y: nil, heading: heading)
    }

    /// The chart's `<svg>`, placed at `y` inside another when given.
    private func svg(id: String, width: Int, fill: String, y top: Int?, heading: Bool = true) -> String {
        let width = max(320, width)
        let lineHeight = 20, barHeight = 16, barGap = 6
        let labelWidth = min(200, width / 3)
        let figuresWidth = 110
        let barArea = width - labelWidth - figuresWidth - 24
        let height = heading ? height(width: width) : bars.count * 22 + 8
        var buffer = ByteBuffer(reservingCapacity: 1024 + bars.count * 256)
        buffer.append("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        if let top { buffer.append(" y=\"\(top)\"") }
        buffer.append(" role=\"img\" aria-labelledby=\"")
        buffer.appendXML(id)
        buffer.append("-title ")
        buffer.appendXML(id)
        buffer.append("-desc\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"system-ui, sans-serif\" font-size=\"13\">")
        element("title", id: id + "-title", text: title, to: &buffer)
        element("desc", id: id + "-desc", text: description, to: &buffer)
        buffer.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        var y = 4
        if heading {
            text(title, x: 8, y: 22, attributes: " font-size=\"15\" font-weight=\"bold\" fill=\"#111111\"", to: &buffer)
            y = 22
            for line in lines {
                y += lineHeight
                text(line, x: 8, y: y, attributes: " fill=\"#333333\"", to: &buffer)
            }
            y += 14
        }
        let longest = longest
        for bar in bars {
            let length = Double(barArea) * Double(bar.count) / Double(longest)
            text(Self.clipped(bar.label, to: labelWidth / 7), x: labelWidth, y: y + 12, attributes: " text-anchor=\"end\" fill=\"#111111\"", to: &buffer)
            buffer.append("<rect x=\"\(labelWidth + 8)\" y=\"\(y)\" width=\"\(Self.points(length))\" height=\"\(barHeight)\" fill=\"")
            buffer.appendXML(fill)
            buffer.append("\"/>")
            text(bar.figures, x: labelWidth + 8 + Int(length.rounded(.up)) + 6, y: y + 12, attributes: " fill=\"#111111\"", to: &buffer)
            y += barHeight + barGap
        }
        buffer.append("</svg>")
        return buffer.string
    }

    /// `charts` one above the other in one SVG document (`summary --format svg`).
    public static func svgDocument(_ charts: [BarChart], title: String, width: Int = 640) -> String {
        var body = ""
        var y = 0
        for (index, chart) in charts.enumerated() {
            // Each chart is nested at its place: its own `<svg>` gives it
            // its title and description.
            body += chart.svg(id: "chart-\(index + 1)", width: width, fill: "#1f5fa8", y: y)
            y += chart.height(width: width) + 16
        }
        var buffer = ByteBuffer()
        buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(max(320, width))\" height=\"\(max(1, y))\" viewBox=\"0 0 \(max(320, width)) \(max(1, y))\">")
        buffer.append("<title>")
        buffer.appendXML(title)
        buffer.append("</title>")
        buffer.append(body)
        buffer.append("</svg>\n")
        return buffer.string
    }

    /// The height of `svg(id:width:)`.
    func height(width: Int) -> Int { 36 + lines.count * 20 + bars.count * 22 + 8 }

    private func element(_ name: String, id: String, text: String, to buffer: inout ByteBuffer) {
        buffer.append("<\(name) id=\"")
        buffer.appendXML(id)
        buffer.append("\">")
        buffer.appendXML(text)
        buffer.append("</\(name)>")
    }

    private func text(_ text: String, x: Int, y: Int, attributes: String, to buffer: inout ByteBuffer) {
        buffer.append("<text x=\"\(x)\" y=\"\(y)\"\(attributes)>")
        buffer.appendXML(text)
        buffer.append("</text>")
    }

    /// A length with at most two decimals.
    private static func points(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return hundredths % 100 == 0 ? String(hundredths / 100) : String(Double(hundredths) / 100)
    }
}

