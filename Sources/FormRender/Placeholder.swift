import FormLayout
public enum FormRenderNamespace {}
