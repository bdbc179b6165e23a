extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}

extension Substring {
    func trimmingNewline() -> Substring {
        var s = self
        while let c = s.last, c == "\n" || c == "\r" { s.removeLast() }
        return s.trimmingSpaces()
    }
}
