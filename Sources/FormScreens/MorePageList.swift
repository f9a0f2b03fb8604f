import FormLayout
import FormModel
import Foundation

/// Seed 001's More page: the pages behind the More tab, one row each, in
/// their order. Each row names a page that opens with its own fields.
struct MorePageList: View {
    let pages: [FormPage]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(TabBarLayout.moreTitle).font(.title).fontWeight(.bold)
                .padding(.bottom, 10)
            ForEach(pages) { page in
                VStack(alignment: .leading, spacing: 0) {
                    Text(page.title)
                        .padding(.vertical, 11)
                        .frame(width: 320, alignment: .leading)
                        .accessibilityIdentifier("more:\(page.key)")
                    Divider()
                }
            }
        }
    }
}
